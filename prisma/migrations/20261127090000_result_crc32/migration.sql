-- AlterTable: the result's CRC-32 (0 to 2^32 - 1), stored by the worker for the batch ZIP
ALTER TABLE "conversions" ADD COLUMN "result_crc32" BIGINT;
