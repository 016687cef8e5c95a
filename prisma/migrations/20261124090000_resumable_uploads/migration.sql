-- CreateTable
CREATE TABLE "uploads" (
    "token" TEXT NOT NULL,
    "user_id" TEXT,
    "guest_id" TEXT,
    "file_name" TEXT NOT NULL,
    "file_size" BIGINT NOT NULL,
    "target_format" TEXT NOT NULL,
    "part_size" INTEGER NOT NULL,
    "part_count" INTEGER NOT NULL,
    "storage_key" TEXT NOT NULL,
    "storage_upload_id" TEXT NOT NULL,
    "conversion_id" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "uploads_pkey" PRIMARY KEY ("token")
);

-- CreateTable
CREATE TABLE "upload_parts" (
    "upload_token" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "etag" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "upload_parts_pkey" PRIMARY KEY ("upload_token","number")
);

-- CreateIndex
CREATE UNIQUE INDEX "uploads_conversion_id_key" ON "uploads"("conversion_id");

-- CreateIndex
CREATE INDEX "uploads_user_id_idx" ON "uploads"("user_id");

-- CreateIndex
CREATE INDEX "uploads_guest_id_idx" ON "uploads"("guest_id");

-- CreateIndex
CREATE INDEX "uploads_expires_at_idx" ON "uploads"("expires_at");

-- AddForeignKey
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upload_parts" ADD CONSTRAINT "upload_parts_upload_token_fkey" FOREIGN KEY ("upload_token") REFERENCES "uploads"("token") ON DELETE CASCADE ON UPDATE CASCADE;

