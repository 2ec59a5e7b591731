"use server";

import { confirmImport } from "@/lib/domain/imports/confirm-import";
import { startImport } from "@/lib/domain/imports/start-import";
import { undoImport } from "@/lib/domain/imports/undo-import";
import { feedbackChanged } from "@/lib/platform/cache/refresh-after-change";
import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";

// Imports from a source's API start here; a file goes through ./upload (a body over a server
// action's limit). Each action re-reads the session and role; the domain checks the role again.

const stale = (slug: string) => ({ layouts: [`/w/${slug}/settings/migration`] });

export async function startApiImportAction(slug: string, source: string, options: Record<string, unknown>) {
  return runWorkspaceAction(slug, "startApiImportAction", (actor) => startImport(actor, { source: String(source), mode: "preview", options }), stale(String(slug)));
}

export async function runImportAction(slug: string, importId: string) {
  return runWorkspaceAction(slug, "runImportAction", (actor) => confirmImport(actor, String(importId)), stale(String(slug)));
}

export async function undoImportAction(slug: string, importId: string) {
  // Undo removes rows everywhere: every page of the workspace and its portal is stale.
  return runWorkspaceAction(slug, "undoImportAction", (actor) => undoImport(actor, String(importId)), feedbackChanged(String(slug)));
}
