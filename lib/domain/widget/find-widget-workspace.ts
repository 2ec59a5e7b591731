import { db } from "@/lib/platform/db/client";
import { publishedPortalFilter } from "@/lib/domain/access/visibility";
import { isPossibleSlug } from "@/lib/domain/workspaces/find-published-workspace";

export interface WidgetWorkspace {
  id: string;
  slug: string;
  name: string;
  accentColor: string | null;
  /** The sites allowed to show it; empty: none. */
  origins: string[];
}

/**
 * The workspace a widget names, with where it may run. The widget shows what the portal shows, so
 * only a published portal has one; null otherwise (the same answer for unknown and unpublished).
 */
export async function findWidgetWorkspace(slug: string): Promise<WidgetWorkspace | null> {
  if (!isPossibleSlug(slug)) return null;
  const row = await db.workspace.findFirst({
    where: { slug, ...publishedPortalFilter },
    select: { id: true, slug: true, name: true, accentColor: true, widgetOrigins: true },
  });
  if (!row) return null;
  const { widgetOrigins, ...rest } = row;
  return { ...rest, origins: widgetOrigins };
}
