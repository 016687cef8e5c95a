-- AlterTable: when batch.completed was queued for the batch. Set once by whichever worker finished
-- its last file first, so two files finishing together never send the event twice
ALTER TABLE "batches" ADD COLUMN "completed_notified_at" TIMESTAMP(3);
