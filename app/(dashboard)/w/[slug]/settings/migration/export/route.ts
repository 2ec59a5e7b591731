import { exportWorkspace } from "@/lib/domain/exports/export-workspace";
import { downloadResponse } from "@/lib/surfaces/api/download-response";
import { sessionFileRoute } from "@/lib/surfaces/dashboard/session-file-route";

export const GET = sessionFileRoute(async (_request, actor) => {
  const { stream, filename } = await exportWorkspace(actor);
  return downloadResponse(stream, filename, "application/zip");
});
