-- AlterTable: how many page images the result holds when it is a ZIP of pages (a PDF of several
-- pages converted to an image format), else null
ALTER TABLE "conversions" ADD COLUMN "result_pages" INTEGER;
