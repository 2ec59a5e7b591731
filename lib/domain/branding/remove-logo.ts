import { db } from "@/lib/platform/db/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { BRANDING_SELECT, rethrowGone, type BrandingView } from "./branding-view";

/** Takes the portal's logo away (the portal shows its name alone again). Admins and owners. */
export async function removeWorkspaceLogo(actor: WorkspaceActor): Promise<BrandingView> {
  authorize(actor, "settings.manage", "change the portal's branding");
  return db
    .$transaction(async (tx) => {
      await tx.workspaceLogo.deleteMany({ where: { workspaceId: actor.workspaceId } });
      return tx.workspace.update({ where: { id: actor.workspaceId }, data: { logoVersion: null }, select: BRANDING_SELECT });
    })
    .catch(rethrowGone);
}
