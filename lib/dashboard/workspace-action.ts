import { revalidatePath } from "next/cache";
import { guardAction } from "@/lib/auth/guard-action";
import type { FormResult } from "@/lib/forms";
import { getWorkspaceActorOrThrow, type WorkspaceActor } from "@/lib/workspaces/actor";
import { formFailureOf, SESSION_ENDED } from "./action-errors";

/**
 * The body of a workspace server action: the session and the caller's role read afresh, then the
 * domain function (which checks the role again), then the pages to re-render; any refusal becomes
 * the form's field errors. `name` labels unexpected failures in the log.
 */
export async function runWorkspaceAction<T>(
  slug: unknown,
  name: string,
  run: (actor: WorkspaceActor) => Promise<T>,
  after: { revalidate: string[]; then?: () => void },
): Promise<FormResult<T>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  try {
    const actor = await getWorkspaceActorOrThrow(user.id, String(slug));
    const data = await run(actor);
    for (const path of after.revalidate) revalidatePath(path, "layout");
    after.then?.();
    return { ok: true, data };
  } catch (error) {
    return formFailureOf(error, name);
  }
}
