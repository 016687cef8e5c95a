-- A result may be a ZIP of several files of any kind (pages, sheets, a document and its pictures).
ALTER TABLE "conversions" RENAME COLUMN "result_pages" TO "result_parts";
