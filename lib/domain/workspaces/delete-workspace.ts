import { z } from "zod";
import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { db } from "@/lib/platform/db/client";
import { WORKSPACE_GONE } from "@/lib/platform/db/scoped";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";

export const deleteWorkspaceSchema = z.strictObject({
  // Compared with the slug as it is when the delete runs, so a slug renamed in another tab meanwhile
  // is a mismatch, never a delete of something the owner did not name.
  confirmation: z.string({ message: "Type the workspace's slug to confirm." }).max(200, "That is not this workspace's slug."),
});

export type DeleteWorkspaceInput = z.input<typeof deleteWorkspaceSchema>;

export const confirmationMismatch = (slug: string) => `That is not this workspace's slug. Type ${slug} to confirm.`;

/**
 * Deletes the workspace and everything in it (every tenant table cascades from the workspace row;
 * tests/workspaces/delete-workspace.test.ts checks each one). Owners only, confirmed by typing the
 * slug. The row is locked FOR UPDATE first, so the owner's role and the slug are checked as they
 * are at that moment, concurrent changes to the workspace wait and then find it gone, and a
 * concurrent insert into it fails its foreign key instead of leaving an orphan.
 *
 * Afterwards its API keys answer 401 (the key rows are gone and every request looks its key up),
 * and its portal 404: portal pages look the workspace up per request, and the cached public
 * answers go on the database's notice of the deleted row (every instance) and, on the instance
 * that served the action, at once from the slug returned.
 */
export async function deleteWorkspace(actor: WorkspaceActor, input: DeleteWorkspaceInput): Promise<{ slug: string; name: string }> {
  authorize(actor, "workspace.delete", "delete the workspace");
  const parsed = deleteWorkspaceSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The confirmation is not valid.", zodDetails(parsed.error));

  return db.$transaction(async (tx) => {
    // The workspace is the tenant itself, reached by the actor's own id (as in update-workspace).
    const [workspace] = await tx.$queryRaw<{ slug: string; name: string }[]>`
      SELECT slug, name FROM "Workspace" WHERE id = ${actor.workspaceId} FOR UPDATE`;
    if (!workspace) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
    const membership = await tx.membership.findFirst({ where: { workspaceId: actor.workspaceId, userId: actor.userId }, select: { role: true } });
    if (!membership) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
    authorize(membership, "workspace.delete", "delete the workspace");
    if (parsed.data.confirmation.trim() !== workspace.slug) {
      const message = confirmationMismatch(workspace.slug);
      throw new DomainError("VALIDATION_ERROR", message, [{ path: "confirmation", message, code: "invalid_value" }]);
    }
    await tx.workspace.delete({ where: { id: actor.workspaceId } });
    return workspace;
  });
}

