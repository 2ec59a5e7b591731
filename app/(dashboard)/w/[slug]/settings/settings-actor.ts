import { workspacePageActor } from "@/lib/dashboard/page-actor";

/** The settings pages' actor: see workspacePageActor. */
export function settingsActor(slug: string, page: string) {
  return workspacePageActor(slug, `/settings${page}`);
}
