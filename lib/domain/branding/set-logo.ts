import { createHash } from "node:crypto";
import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { BRANDING_SELECT, rethrowGone, type BrandingView } from "./branding-view";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, looksLikeMarkup, sniffImageType } from "./logo-file";

const refuse = (message: string) => new DomainError("VALIDATION_ERROR", message, [{ path: "logo", message, code: "invalid_logo" }]);

/**
 * Stores a new portal logo. The size is checked before the bytes are read, the type from the first
 * bytes before the rest; the stored type is the sniffed one. Admins and owners.
 */
export async function setWorkspaceLogo(actor: WorkspaceActor, file: unknown): Promise<BrandingView> {
  authorize(actor, "settings.manage", "change the portal's branding");
  if (!(file instanceof Blob) || file.size === 0) throw refuse(LOGO_MESSAGES.empty);
  if (file.size > LOGO_MAX_BYTES) throw refuse(LOGO_MESSAGES.tooLarge);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const contentType = sniffImageType(head);
  if (!contentType) throw refuse(looksLikeMarkup(head) ? LOGO_MESSAGES.svg : LOGO_MESSAGES.notImage);
  const data = new Uint8Array(await file.arrayBuffer());
  const version = createHash("sha256").update(data).digest("hex").slice(0, 16);
  const where = { workspaceId: actor.workspaceId };
  return db
    .$transaction(async (tx) => {
      await tx.workspaceLogo.upsert({ where, create: { ...where, contentType, data }, update: { contentType, data } });
      return tx.workspace.update({ where: { id: actor.workspaceId }, data: { logoVersion: version }, select: BRANDING_SELECT });
    })
    .catch(rethrowGone);
}
