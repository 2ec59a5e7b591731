import { db } from "@/lib/platform/db/client";
import { isPossibleSlug } from "@/lib/domain/workspaces/find-published-workspace";
import { isPublishedPortal } from "@/lib/domain/access/visibility";

export interface StoredLogo {
  contentType: string;
  data: Uint8Array;
  /** Anyone may read it (the portal is published), so shared caches may keep it. */
  isPublic: boolean;
}

/**
 * The logo at this version, for a published portal's visitors, or for the workspace's members while
 * the portal is unpublished (the settings page shows it). `viewerId` is asked only then. An old
 * version, an unknown slug and a portal the viewer may not see all read as null.
 */
export async function readWorkspaceLogo(slug: string, version: string, viewerId: () => Promise<string | null>): Promise<StoredLogo | null> {
  if (!isPossibleSlug(slug) || !/^[0-9a-f]{16}$/.test(version)) return null;
  const workspace = await db.workspace.findFirst({
    where: { slug, logoVersion: version },
    select: { id: true, portalPublished: true, logo: { select: { contentType: true, data: true } } },
  });
  if (!workspace?.logo) return null;
  const isPublic = isPublishedPortal(workspace);
  if (!isPublic) {
    const userId = await viewerId();
    if (!userId) return null;
    const member = await db.membership.findFirst({ where: { userId, workspaceId: workspace.id }, select: { id: true } });
    if (!member) return null;
  }
  return { contentType: workspace.logo.contentType, data: workspace.logo.data, isPublic };
}
