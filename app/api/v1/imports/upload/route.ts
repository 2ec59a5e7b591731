import { apiRoutes } from "@/lib/surfaces/api/define-route";
import { defineStreamRoute } from "@/lib/surfaces/api/define-stream-route";
import { jsonResponse } from "@/lib/platform/http/responses";
import { ApiError } from "@/lib/platform/http/error-codes";
import { startImport } from "@/lib/domain/imports/start-import";

function optionsOf(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new ApiError("VALIDATION_ERROR", "The query string is not valid.", [{ path: "options", message: "A JSON object.", code: "invalid_json" }]);
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineStreamRoute({ scope: "migration:write", operationId: "uploadImport" }, async (request, ctx, headers, file) => {
    const query = new URL(request.url).searchParams;
    const mode = query.get("mode") ?? "preview";
    const data = await startImport(ctx, { source: query.get("source") ?? "", mode: mode as "preview", options: optionsOf(query.get("options")) }, file);
    return jsonResponse({ success: true, data }, { status: 201, requestId: ctx.requestId, headers });
  }),
});
