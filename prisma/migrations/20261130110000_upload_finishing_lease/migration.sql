-- AlterTable: the lease of a finish in progress (complete, or tus's last byte). Finishing works
-- outside any transaction, and other finishes see the lease and wait or are asked to retry
ALTER TABLE "uploads" ADD COLUMN "finishing_until" TIMESTAMP(3);
