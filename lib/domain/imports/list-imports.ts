import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { importView, type ImportView } from "./view";

/** The workspace's latest imports, newest first (a short history: imports are rare). */
export async function listImports(actor: WorkspaceActor, take = 20): Promise<ImportView[]> {
  authorize(actor, "settings.manage", "see imports");
  const runs = await actor.db.importRun.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
  return runs.map(importView);
}
