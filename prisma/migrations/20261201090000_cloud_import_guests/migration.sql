-- AlterTable: a cloud import belongs to an account or, for anonymous callers, to a guest identity
ALTER TABLE "cloud_imports" ALTER COLUMN "user_id" DROP NOT NULL;
ALTER TABLE "cloud_imports" ADD COLUMN "guest_id" TEXT;
CREATE INDEX "cloud_imports_guest_id_idx" ON "cloud_imports"("guest_id");
