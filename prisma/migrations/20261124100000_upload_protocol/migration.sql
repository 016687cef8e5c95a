-- CreateEnum
CREATE TYPE "UploadProtocol" AS ENUM ('parts', 'tus');

-- AlterTable
ALTER TABLE "uploads" ADD COLUMN     "protocol" "UploadProtocol" NOT NULL DEFAULT 'parts';

