import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";

/** The settings pages' actor: see workspacePageActor. */
export function settingsActor(slug: string, page: string) {
  return workspacePageActor(slug, `/settings${page}`);
}
