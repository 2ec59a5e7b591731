import { db } from "@/lib/platform/db/client";

// A delivery's lease is read against PostgreSQL's clock (now() in the claim), so a test that needs
// the lease's 30 s to have passed moves the lease's end instead of waiting them out: the row then
// reads exactly as it would half a minute later, and the pumps and workers under test (their own
// clocks untouched) act on it at their next poll.

/** Ends the delivery's lease now, as time running out would; returns how many rows held one. */
export async function runOutLease(deliveryId: string): Promise<number> {
  return db.$executeRawUnsafe(`UPDATE "WebhookDelivery" SET "leaseUntil" = now() - interval '1 millisecond' WHERE id = $1 AND "leaseUntil" IS NOT NULL`, deliveryId);
}
