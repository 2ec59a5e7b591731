import { z } from "zod";
import { db } from "@/lib/platform/db/client";
import { defineJob } from "@/lib/platform/jobs/define-job";
import { CONFIRM_WINDOW_MS } from "./rules";

export const FORGET_UNCONFIRMED_JOB = "subscribers.forget_unconfirmed";

/** When the job that forgets a subscription never confirmed runs: just after its link dies. */
export function forgetAfter(confirmSentAt: Date): Date {
  return new Date(confirmSentAt.getTime() + CONFIRM_WINDOW_MS + 60_000);
}

/**
 * A stranger's address, posted by anyone, is not kept once its confirmation link has died: the
 * subscription is deleted if it is still unconfirmed and its link is past its window. A link sent
 * again since moved the window on (and queued its own job), so that row stays.
 */
export async function forgetUnconfirmed({ subscriberId }: { subscriberId: string }, now = new Date()): Promise<boolean> {
  const { count } = await db.subscriber.deleteMany({
    where: { id: subscriberId, confirmedAt: null, confirmSentAt: { lt: new Date(now.getTime() - CONFIRM_WINDOW_MS) } },
  });
  return count > 0;
}

/** The job just after a subscription's confirmation link dies. */
export const forgetUnconfirmedJob = defineJob({
  name: FORGET_UNCONFIRMED_JOB,
  payload: z.strictObject({ subscriberId: z.string().min(1) }),
  handle: (data) => forgetUnconfirmed(data),
});
