import { startImport } from "@/lib/domain/imports/start-import";
import { jsonResponse } from "@/lib/platform/http/responses";
import { requestFile } from "@/lib/surfaces/api/request-file";
import { sessionFileRoute } from "@/lib/surfaces/dashboard/session-file-route";

// The page's script posts the chosen file here as the body; the source and its options ride in the
// query. The front door refuses a post from another site's page before it gets here.
export const POST = sessionFileRoute(async (request, actor) => {
  const query = new URL(request.url).searchParams;
  let options: Record<string, unknown> = {};
  try {
    options = JSON.parse(query.get("options") ?? "{}") as Record<string, unknown>;
  } catch {
    options = {};
  }
  const data = await startImport(actor, { source: query.get("source") ?? "", mode: "preview", options }, requestFile(request));
  return jsonResponse({ success: true, data }, { status: 201 });
});
