-- Refresh tokens already rotated away, so a second use of one can revoke its session
-- CreateTable
CREATE TABLE "retired_refresh_tokens" (
    "hash" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,

    CONSTRAINT "retired_refresh_tokens_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "retired_refresh_tokens_session_id_idx" ON "retired_refresh_tokens"("session_id");

-- AddForeignKey
ALTER TABLE "retired_refresh_tokens" ADD CONSTRAINT "retired_refresh_tokens_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

