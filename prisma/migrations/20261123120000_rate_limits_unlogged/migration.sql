-- The per-minute rate-limit counters (lib/limits/rate-limit.ts), in the layout rate-limiter-flexible
-- expects. UNLOGGED: a counter update commits without waiting for a WAL flush, and after a PostgreSQL
-- crash the table comes back empty, which only restarts the current minute's counts.
-- The library created this table itself before: an existing one is kept and made unlogged.
-- (No semicolons in these comments: the migration runner splits the script on them.)
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limits" (
    "key" VARCHAR(255) PRIMARY KEY,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT
);

ALTER TABLE "rate_limits" SET UNLOGGED;
