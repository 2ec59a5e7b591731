import { definePublicRoute, publicRoutes } from "@/lib/public/define-public-route";
import { getPublicStatus } from "@/lib/public/get-public-status";
import { workspaceParams } from "@/lib/public/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute({ cache: "status", schemas: { params: workspaceParams } }, async (_input, ctx) => getPublicStatus(ctx.db, { history: true })),
);
