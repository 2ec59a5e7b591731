"use server";

import { serverAction } from "@/lib/surfaces/actions/server-action";
import type { FormResult } from "@/lib/platform/forms/forms";
import { createWorkspace } from "@/lib/domain/workspaces/create-workspace";

export async function createWorkspaceAction(input: { name: string; slug: string }) {
  return serverAction({ context: "createWorkspaceAction", caller: "user" }, async (user): Promise<FormResult<{ slug: string }>> => {
    const result = await createWorkspace(user.id, input);
    return result.ok ? { ok: true, data: { slug: result.data.slug } } : result;
  });
}
