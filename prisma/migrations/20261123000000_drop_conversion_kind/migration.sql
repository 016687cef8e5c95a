-- AlterTable
ALTER TABLE "conversions" DROP COLUMN "kind";

-- DropEnum
DROP TYPE "ConversionKind";

