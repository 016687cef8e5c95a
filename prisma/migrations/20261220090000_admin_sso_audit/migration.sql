-- Administrators and disabled accounts, identities at single sign-on providers, and the audit
-- table of what administrators did.
CREATE TYPE "AccountRole" AS ENUM ('user', 'admin');

ALTER TABLE "users" ADD COLUMN "role" "AccountRole" NOT NULL DEFAULT 'user',
ADD COLUMN "disabled_at" TIMESTAMP(3);

CREATE TABLE "sso_identities" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_identities_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "sso_identities_provider_subject_key" ON "sso_identities"("provider", "subject");
CREATE INDEX "sso_identities_user_id_idx" ON "sso_identities"("user_id");
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- No foreign keys: an entry outlives the accounts it names.
CREATE TABLE "audit_entries" (
    "id" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_email" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_id" TEXT,
    "target_email" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "origin" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "audit_entries_created_at_idx" ON "audit_entries"("created_at");
CREATE INDEX "audit_entries_target_id_idx" ON "audit_entries"("target_id");
