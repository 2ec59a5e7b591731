import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { refreshAfterChange, type StaleAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { answerOutage, runAction, SESSION_ENDED, type FormResult } from "@/lib/platform/forms/forms";
import { getWorkspaceActorOrThrow, type WorkspaceActor } from "@/lib/domain/access/actor";

/**
 * The body of a workspace server action: refuse API keys and read the session afresh, read the
 * caller's current role (a non-member gets NOT_FOUND), run the domain function (which checks the
 * role again), then, on success, refresh what the change made stale; whatever it throws becomes
 * form messages, and a database outage (the session check included) "briefly unavailable". What
 * the page showed proves nothing. `context` labels unexpected failures in the log.
 */
export async function runWorkspaceAction<T>(
  slug: unknown,
  context: string,
  run: (actor: WorkspaceActor) => Promise<T>,
  stale?: StaleAfterChange,
): Promise<FormResult<T>> {
  return answerOutage(context, async (): Promise<FormResult<T>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    return runAction(context, async () => {
      const data = await run(await getWorkspaceActorOrThrow(user.id, String(slug)));
      if (stale) refreshAfterChange(stale);
      return data;
    });
  });
}
