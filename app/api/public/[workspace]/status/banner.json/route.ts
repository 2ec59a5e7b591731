import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { getStatusBanner, statusBannerSchema } from "@/lib/domain/status/get-status-banner";
import { workspaceParams } from "@/lib/surfaces/public-api/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "status",
      schemas: { params: workspaceParams },
      operation: {
        id: "getPublicStatusBanner",
        summary: "Status banner",
        description: "What a banner on another site shows: `active` while an incident is open or maintenance is in progress, with their titles. Cached like the status endpoint; any origin may read it.",
        response: statusBannerSchema,
      },
    },
    (_input, ctx) => getStatusBanner(ctx.db),
  ),
);
