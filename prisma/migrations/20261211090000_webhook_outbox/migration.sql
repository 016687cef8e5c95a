-- Webhook deliveries owed for conversions' outcomes, written with the outcome and handed to the
-- delivery queue after it (an outbox): a database outage between the two no longer loses them.
CREATE TABLE "webhook_outbox" (
    "id" BIGSERIAL NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "conversion_id" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_outbox_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "webhook_outbox_conversion_id_idx" ON "webhook_outbox"("conversion_id");

ALTER TABLE "webhook_outbox" ADD CONSTRAINT "webhook_outbox_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "webhook_outbox" ADD CONSTRAINT "webhook_outbox_conversion_id_fkey" FOREIGN KEY ("conversion_id") REFERENCES "conversions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
