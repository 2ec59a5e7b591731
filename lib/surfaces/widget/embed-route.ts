import { ApiError } from "@/lib/platform/http/error-codes";
import { errorResponse, jsonResponse, newRequestId } from "@/lib/platform/http/responses";
import { carriesApiKey, API_KEY_SCOPE_MESSAGE } from "@/lib/platform/auth/carries-api-key";
import { clientIp } from "@/lib/platform/server/client-ip";
import { scopedDb, type ScopedDb } from "@/lib/platform/db/scoped";
import { toApiError } from "@/lib/surfaces/api/to-api-error";
import { rateLimitIp } from "@/lib/surfaces/public-api/rate-limit";
import { WORKSPACE_NOT_FOUND } from "@/lib/domain/workspaces/find-published-workspace";
import type { WidgetWorkspace } from "@/lib/domain/widget/find-widget-workspace";
import { readWidgetCredential, WIDGET_CREDENTIAL_HEADER, type WidgetIdentity } from "@/lib/domain/widget/widget-credential";
import { widgetWorkspace } from "./widget-workspaces";

// The JSON calls the widget's frames make (/api/embed/{workspace}/…). The frames run on this
// product's origin, so these are same-origin requests; who is asking comes from the frame's
// credential header (lib/domain/widget/widget-credential.ts), never from a cookie, which a frame
// inside another site may not get. In order: a request carrying an API key → 403; the per-IP budget
// of the public surface → 429; the published workspace → 404; the credential (none: a signed-out
// visitor; a route that needs one answers 401); the handler; errors in the API's envelope.

export interface EmbedContext {
  requestId: string;
  workspace: WidgetWorkspace;
  db: ScopedDb;
  visitor: WidgetIdentity | null;
  ip: string;
  headers: Headers;
}

type Handler = (request: Request, ctx: EmbedContext) => Promise<{ status?: number; data: unknown }>;

export function embedRoute(handler: Handler) {
  return async (request: Request, context: { params: Promise<{ workspace: string }> }): Promise<Response> => {
    const requestId = newRequestId();
    const headers = new Headers();
    try {
      if (carriesApiKey(request.headers)) throw new ApiError("API_KEY_SCOPE", API_KEY_SCOPE_MESSAGE);
      const ip = clientIp(request.headers);
      await rateLimitIp(ip, headers);
      const { workspace: slug } = await context.params;
      const workspace = await widgetWorkspace(slug);
      if (!workspace) throw new ApiError("NOT_FOUND", WORKSPACE_NOT_FOUND);
      const visitor = await readWidgetCredential(request.headers.get(WIDGET_CREDENTIAL_HEADER), workspace.id);
      const ctx: EmbedContext = { requestId, workspace, db: scopedDb(workspace.id), visitor, ip, headers };
      const { status, data } = await handler(request, ctx);
      return jsonResponse({ success: true, data }, { status, requestId, headers });
    } catch (error) {
      return errorResponse(toApiError(error, requestId), requestId, headers);
    }
  };
}

/** The signed-in visitor, or 401 saying how to become one. */
export function requireVisitor(ctx: EmbedContext): WidgetIdentity {
  if (!ctx.visitor) throw new ApiError("UNAUTHORIZED", "Sign in to do this: the widget's credential is missing or has expired.");
  return ctx.visitor;
}

/** A JSON body of at most `maxBytes`, or 400/413. */
export async function readJsonBody(request: Request, maxBytes = 32_000): Promise<unknown> {
  const text = await request.text();
  if (text.length > maxBytes) throw new ApiError("PAYLOAD_TOO_LARGE", `The body must be at most ${maxBytes} bytes.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("VALIDATION_ERROR", "The body must be JSON.");
  }
}
