-- The daily allowance's ledger also counts the bytes converted (the input sizes charged), so
-- administrators see each account's usage in conversions and in bytes.
ALTER TABLE "usage_days" ADD COLUMN "bytes" BIGINT NOT NULL DEFAULT 0;
