import { db } from "@/lib/platform/db/client";

/** A status page's components in page order, for the manage page's picker. */
export function listComponentNames(workspaceId: string) {
  return db.statusComponent.findMany({ where: { workspaceId }, orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, name: true } });
}
