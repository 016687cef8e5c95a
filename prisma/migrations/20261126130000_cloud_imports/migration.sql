-- CreateTable
CREATE TABLE "cloud_imports" (
    "token" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cloud_imports_pkey" PRIMARY KEY ("token")
);

-- CreateIndex
CREATE INDEX "cloud_imports_user_id_idx" ON "cloud_imports"("user_id");

-- CreateIndex
CREATE INDEX "cloud_imports_expires_at_idx" ON "cloud_imports"("expires_at");

-- AddForeignKey
ALTER TABLE "cloud_imports" ADD CONSTRAINT "cloud_imports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
