import { db } from "@/lib/platform/db/client";
import type { EventConsumer } from "@/lib/platform/events/types";
import { invalidateWorkspace } from "@/lib/platform/cache/response-cache";

/**
 * The cache refresh every recorded event gets, whichever surface made the change (the REST API,
 * MCP, a job such as a scheduled publication): the workspace's cached public answers (portal
 * JSON, feeds, badges) on the instance whose worker runs it are dropped.
 *
 * Server actions still call refreshAfterChange themselves, at once: their own page must show the
 * change when the action returns (read-your-writes), and Next's path revalidation only works
 * inside a request, which a job is not. This consumer is the safety net for the rest; with
 * PostgreSQL, every instance also drops the workspace's entries on the database's own notice
 * (public-cache-listener.ts), whatever made the change.
 */
export const refreshCachesConsumer: EventConsumer = {
  name: "cache.refresh",
  async handle(event) {
    const workspace = await db.workspace.findUnique({ where: { id: event.workspaceId }, select: { slug: true } });
    if (workspace) invalidateWorkspace(workspace.slug);
  },
};
