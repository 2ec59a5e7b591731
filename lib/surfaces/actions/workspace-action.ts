import { serverAction, type StaleAfter } from "@/lib/surfaces/actions/server-action";
import type { FormResult } from "@/lib/platform/forms/forms";
import type { WorkspaceActor } from "@/lib/domain/access/actor";

/**
 * The usual workspace server action, through the one wrapper (lib/surfaces/actions/server-action.ts):
 * the session and the caller's current role read afresh, the domain function run (it checks the
 * role again), its value answered as the form's success, what it throws as form messages, and
 * `stale` refreshed after a success (or, as a function, after whatever answer it chooses).
 */
export async function runWorkspaceAction<T>(
  slug: unknown,
  context: string,
  run: (actor: WorkspaceActor) => Promise<T>,
  stale?: StaleAfter<FormResult<T>>,
): Promise<FormResult<T>> {
  return serverAction({ context, caller: { workspace: slug }, stale }, async (actor): Promise<FormResult<T>> => ({ ok: true, data: await run(actor) }));
}
