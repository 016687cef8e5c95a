-- A URL import's original_format holds the guess from its name until the job has fetched the file
-- and detected it, so whether to fetch is this column's to say, no longer an empty original_format.
ALTER TABLE "conversions" ADD COLUMN "source_fetched_at" TIMESTAMP(3);

-- Imports fetched before this column existed are those whose format is already known.
UPDATE "conversions" SET "source_fetched_at" = COALESCE("started_at", "created_at")
WHERE "source_url" IS NOT NULL AND "original_format" <> '';
