import { revalidatePath } from "next/cache";
import { guardAction } from "@/lib/auth/guard-action";
import { answerOutage, runAction, SESSION_ENDED, type FormResult } from "@/lib/forms";
import { invalidateWorkspace } from "@/lib/public/response-cache";
import { getWorkspaceActorOrThrow, type WorkspaceActor } from "@/lib/workspaces/actor";

/**
 * The body of a workspace server action: refuse API keys and read the session afresh, read the
 * caller's current role (a non-member gets NOT_FOUND), run the domain function (which checks the
 * role again), then the pages to re-render; whatever it throws becomes form messages, and a database
 * outage (the session check included) "briefly unavailable". What the
 * page showed proves nothing. `context` labels unexpected failures in the log.
 */
export async function runWorkspaceAction<T>(
  slug: unknown,
  context: string,
  run: (actor: WorkspaceActor) => Promise<T>,
  after?: { revalidate: string[]; then?: () => void },
): Promise<FormResult<T>> {
  return answerOutage(context, async (): Promise<FormResult<T>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    return runAction(context, async () => {
      const data = await run(await getWorkspaceActorOrThrow(user.id, String(slug)));
      for (const path of after?.revalidate ?? []) revalidatePath(path, "layout");
      after?.then?.();
      return data;
    });
  });
}

/**
 * After a change to feedback (boards, posts, comments): every page of the workspace renders
 * afresh, and the portal's answers this instance cached for it are dropped, so the change shows
 * on the public portal at once rather than when the cache entry expires.
 */
export function afterFeedbackChange(slug: string) {
  revalidatePath(`/w/${slug}`, "layout");
  revalidatePath(`/p/${slug}`, "layout");
  invalidateWorkspace(slug);
}
