import { guardAction } from "@/lib/auth/guard-action";
import { refreshAfterChange, type StaleAfterChange } from "@/lib/cache/refresh-after-change";
import type { FormResult } from "@/lib/forms";
import { getWorkspaceActorOrThrow, type WorkspaceActor } from "@/lib/workspaces/actor";
import { formFailureOf, SESSION_ENDED } from "./action-errors";

/**
 * The body of a workspace server action: refuse API keys and read the session afresh, read the
 * caller's current role (a non-member gets NOT_FOUND), run the domain function (which checks the
 * role again), then, on success, refresh what the change made stale; whatever it throws becomes
 * form messages. What the page showed proves nothing. `context` labels unexpected failures in the
 * log.
 */
export async function runWorkspaceAction<T>(
  slug: unknown,
  context: string,
  run: (actor: WorkspaceActor) => Promise<T>,
  stale?: StaleAfterChange,
): Promise<FormResult<T>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  try {
    const actor = await getWorkspaceActorOrThrow(user.id, String(slug));
    const data = await run(actor);
    if (stale) refreshAfterChange(stale);
    return { ok: true, data };
  } catch (error) {
    return formFailureOf(error, context);
  }
}
