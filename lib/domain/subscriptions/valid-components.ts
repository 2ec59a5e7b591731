import { db } from "@/lib/platform/db/client";

const MAX_COMPONENTS = 200;

/** The chosen component ids that exist in the workspace; anything else (gone, foreign, junk) is dropped. */
export async function validComponentIds(workspaceId: string, input: unknown): Promise<string[]> {
  if (!Array.isArray(input)) return [];
  const asked = [...new Set(input.filter((id): id is string => typeof id === "string" && id.length > 0 && id.length <= 64))].slice(0, MAX_COMPONENTS);
  if (asked.length === 0) return [];
  const found = await db.statusComponent.findMany({ where: { workspaceId, id: { in: asked } }, select: { id: true } });
  const known = new Set(found.map((row) => row.id));
  return asked.filter((id) => known.has(id));
}
