-- CreateTable: a person's connection to a cloud file service (OAuth 2.0), tokens sealed with the app secret
CREATE TABLE "cloud_connections" (
    "user_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT NOT NULL,
    "access_expires_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cloud_connections_pkey" PRIMARY KEY ("user_id","provider")
);

-- CreateTable: a connection attempt in progress, single use and short-lived, bound to the browser that started it
CREATE TABLE "cloud_oauth_states" (
    "state_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "binding_hash" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cloud_oauth_states_pkey" PRIMARY KEY ("state_hash")
);

CREATE INDEX "cloud_oauth_states_user_id_idx" ON "cloud_oauth_states"("user_id");
CREATE INDEX "cloud_oauth_states_expires_at_idx" ON "cloud_oauth_states"("expires_at");

ALTER TABLE "cloud_connections" ADD CONSTRAINT "cloud_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "cloud_oauth_states" ADD CONSTRAINT "cloud_oauth_states_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
