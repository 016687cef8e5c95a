-- AlterTable
ALTER TABLE "conversions" ADD COLUMN     "batch_id" TEXT,
ADD COLUMN     "batch_index" INTEGER;

-- CreateTable
CREATE TABLE "batches" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "guest_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "batches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "batches_user_id_idx" ON "batches"("user_id");

-- CreateIndex
CREATE INDEX "batches_guest_id_idx" ON "batches"("guest_id");

-- CreateIndex
CREATE INDEX "batches_expires_at_idx" ON "batches"("expires_at");

-- CreateIndex
CREATE INDEX "conversions_batch_id_idx" ON "conversions"("batch_id");

-- AddForeignKey
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batches" ADD CONSTRAINT "batches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

