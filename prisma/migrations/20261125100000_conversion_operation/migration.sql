-- CreateEnum
CREATE TYPE "ConversionOperation" AS ENUM ('convert', 'compress', 'ocr');

-- AlterTable
ALTER TABLE "conversions" ADD COLUMN     "operation" "ConversionOperation" NOT NULL DEFAULT 'convert';
