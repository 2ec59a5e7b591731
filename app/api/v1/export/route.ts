import { apiRoutes } from "@/lib/surfaces/api/define-route";
import { defineStreamRoute } from "@/lib/surfaces/api/define-stream-route";
import { downloadResponse } from "@/lib/surfaces/api/download-response";
import { exportWorkspace } from "@/lib/domain/exports/export-workspace";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineStreamRoute({ scope: "migration:read", operationId: "exportWorkspace" }, async (_request, ctx, headers) => {
    const { stream, filename } = await exportWorkspace(ctx);
    return downloadResponse(stream, filename, "application/zip", headers);
  }),
});
