/**
 * The line under the board dialog's Public/Private choice. It follows the portal's real state: a
 * published portal shows a public board at once, an unpublished one shows nothing to visitors yet.
 */
export function boardVisibilityHint({ portalPublished, isPublic }: { portalPublished: boolean; isPublic: boolean }): string {
  if (!portalPublished) return "The portal is not published yet: public boards show there once it is (Settings → General).";
  return isPublic ? "The portal is published: this board shows there as soon as it is saved." : "The portal is published; a private board stays off it.";
}
