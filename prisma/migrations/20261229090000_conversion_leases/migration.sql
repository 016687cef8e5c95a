-- Runs the all-in-one process started without the queue, until they finish or a sweep queues them.
CREATE TABLE "conversion_leases" (
    "conversion_id" BIGINT NOT NULL,
    "run" INTEGER NOT NULL,
    "subject" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "conversion_leases_pkey" PRIMARY KEY ("conversion_id")
);

CREATE INDEX "conversion_leases_expires_at_idx" ON "conversion_leases"("expires_at");

ALTER TABLE "conversion_leases" ADD CONSTRAINT "conversion_leases_conversion_id_fkey" FOREIGN KEY ("conversion_id") REFERENCES "conversions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
