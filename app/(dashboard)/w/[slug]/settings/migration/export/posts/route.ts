import { exportPostsCsv } from "@/lib/domain/exports/export-posts-csv";
import { downloadResponse } from "@/lib/surfaces/api/download-response";
import { sessionFileRoute } from "@/lib/surfaces/dashboard/session-file-route";

export const GET = sessionFileRoute(async (_request, actor) => {
  const { stream, filename } = exportPostsCsv(actor);
  return downloadResponse(stream, filename, "text/csv; charset=utf-8");
});
