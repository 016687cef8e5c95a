-- The Location of a 3xx answer to a delivery (redirects are never followed).
ALTER TABLE "webhook_deliveries" ADD COLUMN "location" TEXT;
