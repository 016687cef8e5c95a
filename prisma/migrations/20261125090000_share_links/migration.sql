-- CreateTable
CREATE TABLE "share_links" (
    "token" TEXT NOT NULL,
    "conversion_id" BIGINT NOT NULL,
    "password_hash" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "access_limit" INTEGER,
    "access_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "share_links_pkey" PRIMARY KEY ("token")
);

-- CreateTable
CREATE TABLE "share_attempts" (
    "id" BIGSERIAL NOT NULL,
    "token" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "share_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "share_links_conversion_id_idx" ON "share_links"("conversion_id");

-- CreateIndex
CREATE INDEX "share_attempts_token_at_idx" ON "share_attempts"("token", "at");

-- AddForeignKey
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_conversion_id_fkey" FOREIGN KEY ("conversion_id") REFERENCES "conversions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "share_attempts" ADD CONSTRAINT "share_attempts_token_fkey" FOREIGN KEY ("token") REFERENCES "share_links"("token") ON DELETE CASCADE ON UPDATE CASCADE;

