"use server";

import { guardAction } from "@/lib/surfaces/auth/guard-action";
import type { FormResult } from "@/lib/platform/forms/forms";
import { createWorkspace } from "@/lib/domain/workspaces/create-workspace";
import { answerOutage } from "@/lib/platform/forms/forms";

export async function createWorkspaceAction(input: { name: string; slug: string }): Promise<FormResult<{ slug: string }>> {
  return answerOutage("createWorkspaceAction", async (): Promise<FormResult<{ slug: string }>> => {
    const user = await guardAction();
    if (!user) return { ok: false, fieldErrors: { form: "Your session has ended. Sign in again." } };
    const result = await createWorkspace(user.id, input);
    return result.ok ? { ok: true, data: { slug: result.data.slug } } : result;
  });
}
