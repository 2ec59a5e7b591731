import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { getPublicStatus } from "@/lib/domain/status/get-public-status";
import { shieldsQuery, workspaceParams } from "@/lib/surfaces/public-api/schemas";
import { shieldsBadge, shieldsBadgeSchema } from "@/lib/surfaces/public-api/shields-badge";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "status",
      schemas: { params: workspaceParams, query: shieldsQuery },
      operation: {
        id: "getShieldsBadge",
        summary: "Status as a shields.io endpoint badge",
        description:
          "For `https://img.shields.io/endpoint?url=…/status/shields.json`: `schemaVersion`, `label` (`?label=`, default `status`), `message` and `color`. Not in our envelope.",
        response: shieldsBadgeSchema,
        bare: true,
      },
    },
    async ({ query }, ctx) => {
      const { data, validUntil } = await getPublicStatus(ctx.db);
      return { body: JSON.stringify(shieldsBadge(data.indicator, query.label || "status")), contentType: "application/json; charset=utf-8", validUntil };
    },
  ),
);
