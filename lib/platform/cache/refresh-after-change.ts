import { revalidatePath } from "next/cache";
import { invalidateWorkspace } from "@/lib/platform/cache/response-cache";
import { invalidateNamespaces } from "@/lib/platform/cache/namespaces";

/**
 * What a change made stale: `layouts` render afresh with every page below them, `pages` render
 * afresh alone, and `publicAnswersOf` names the workspace (or workspaces) whose public answers this instance
 * cached (portal JSON, feeds, badges) are dropped, so the portal shows the change at once rather
 * than when the cache entry expires.
 */
export type StaleAfterChange = { layouts?: string[]; pages?: string[]; publicAnswersOf?: string | readonly string[] };

/** The one way a server action refreshes caches after it changed something. */
export function refreshAfterChange(stale: StaleAfterChange): void {
  for (const path of stale.layouts ?? []) revalidatePath(path, "layout");
  for (const path of stale.pages ?? []) revalidatePath(path);
  // A workspace's dashboard pages kept for its members (the front door's dashboard page cache) go
  // with any change that refreshes them, so whoever made it sees it on their next load.
  for (const path of [...(stale.layouts ?? []), ...(stale.pages ?? [])]) {
    const slug = /^\/w\/([^/?#]+)/.exec(path)?.[1];
    if (slug) invalidateNamespaces(["dashboard-page"], slug);
  }
  for (const slug of [stale.publicAnswersOf ?? []].flat()) invalidateWorkspace(slug);
}

/** A change to feedback (boards, posts, comments, roadmap, changelog): the workspace's pages and its portal. */
export function feedbackChanged(slug: string): StaleAfterChange {
  return { layouts: [`/w/${slug}`, `/p/${slug}`], publicAnswersOf: slug };
}

/** A visitor's vote, comment or idea on the portal: the portal's pages and cached answers. */
export function portalChanged(slug: string): StaleAfterChange {
  return { layouts: [`/p/${slug}`], publicAnswersOf: slug };
}
