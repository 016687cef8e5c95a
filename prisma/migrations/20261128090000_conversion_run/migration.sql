-- AlterTable: which run of the conversion its job messages belong to (0 is the first, a retry adds 1),
-- so that a message of an earlier run never claims the conversion again
ALTER TABLE "conversions" ADD COLUMN "run" INTEGER NOT NULL DEFAULT 0;
