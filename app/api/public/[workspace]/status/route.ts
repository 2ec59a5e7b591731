import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { getPublicStatus, publicStatusSchema } from "@/lib/domain/status/get-public-status";
import { workspaceParams } from "@/lib/surfaces/public-api/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "status",
      schemas: { params: workspaceParams },
      operation: {
        id: "getPublicStatus",
        summary: "Get the status page",
        description: "The overall indicator, the components and the active incidents with their latest update.",
        response: publicStatusSchema,
      },
    },
    (_input, ctx) => getPublicStatus(ctx.db, { history: true }),
  ),
);
