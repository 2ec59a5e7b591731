import { db } from "@/lib/platform/db/client";
import { COMPLETE_WAITING_SQL } from "./sql";

/** Marks job `id` of queue `name` done if no worker has taken it yet; true when it did. */
export async function completeWaitingJob(name: string, id: string): Promise<boolean> {
  return (await db.$executeRawUnsafe(COMPLETE_WAITING_SQL, name, id)) > 0;
}
