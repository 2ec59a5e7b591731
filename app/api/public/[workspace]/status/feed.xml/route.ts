import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { buildStatusFeed, STATUS_FEED_INCIDENTS } from "@/lib/surfaces/public-api/build-status-feed";
import { getPublicStatus } from "@/lib/domain/status/get-public-status";
import { listPublicIncidents } from "@/lib/domain/status/list-incidents";
import { workspaceParams } from "@/lib/surfaces/public-api/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "status",
      schemas: { params: workspaceParams },
      operation: {
        id: "getPublicStatusFeed",
        summary: "Status Atom feed",
        media: { contentType: "application/atom+xml", description: `An Atom 1.0 feed of the latest ${STATUS_FEED_INCIDENTS} incidents (each with its updates) and the maintenance windows running or ahead.` },
      },
    },
    async (_input, ctx) => {
      const [incidents, status] = await Promise.all([listPublicIncidents(ctx.db, { state: "all", limit: STATUS_FEED_INCIDENTS }), getPublicStatus(ctx.db)]);
      return {
        validUntil: status.validUntil,
        body: buildStatusFeed(ctx.workspace, incidents.data, status.data.maintenances, ctx.origin),
        contentType: "application/atom+xml; charset=utf-8",
        headers: { "Content-Security-Policy": "default-src 'none'" },
      };
    },
  ),
);
