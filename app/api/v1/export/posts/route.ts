import { apiRoutes } from "@/lib/surfaces/api/define-route";
import { defineStreamRoute } from "@/lib/surfaces/api/define-stream-route";
import { downloadResponse } from "@/lib/surfaces/api/download-response";
import { exportPostsCsv } from "@/lib/domain/exports/export-posts-csv";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineStreamRoute({ scope: "migration:read", operationId: "exportPostsCsv" }, async (_request, ctx, headers) => {
    const { stream, filename } = exportPostsCsv(ctx);
    return downloadResponse(stream, filename, "text/csv; charset=utf-8", headers);
  }),
});
