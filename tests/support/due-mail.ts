import { db } from "@/lib/platform/db/client";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";

/**
 * Waits until the worker has sent every mail job that is due: none waiting with its start time
 * passed, none being retried, none running. A mail the test expects not to see would by then have
 * arrived, so "no more mail" is checked without a fixed pause. Jobs set to start later (a
 * confirmation spaced ten minutes after the previous one) are not waited for.
 */
export async function dueMailSent(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.$queryRawUnsafe<{ pending: number }[]>(
      `SELECT count(*)::int AS pending FROM ${JOB_SCHEMA}.job WHERE name = 'mail.send'
         AND (state IN ('active', 'retry') OR (state = 'created' AND start_after <= now()))`,
    );
    if (row!.pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${row!.pending} due mail jobs still unsent after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
