-- Deliveries are claimed from their own rows by the worker's delivery pump rather than through a
-- job per attempt. "leaseUntil" is how long the worker that claimed one may keep it: a worker that
-- dies leaves it, and once it has passed another worker may attempt the delivery again.
ALTER TABLE "WebhookDelivery" ADD COLUMN "leaseUntil" TIMESTAMPTZ(3);

-- Written by hand: the pump looks only at pending deliveries, ordered by when they are due, and
-- delivered or failed ones (nearly all of the table) have no place in that index.
-- CreateIndex
CREATE INDEX "WebhookDelivery_nextAttemptAt_idx" ON "WebhookDelivery"("nextAttemptAt") WHERE "status" = 'PENDING';
