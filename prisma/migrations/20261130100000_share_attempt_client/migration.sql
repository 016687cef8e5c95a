-- AlterTable: wrong share passwords are counted per caller's address, and a try stays pending while
-- its password is checked. Tries recorded before this had no address and were all wrong ones.
ALTER TABLE "share_attempts" ADD COLUMN "client" TEXT NOT NULL DEFAULT 'unknown',
ADD COLUMN "pending" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "share_attempts" ALTER COLUMN "client" DROP DEFAULT;
