import { isAllowedOrigin } from "@/lib/domain/widget/allowed-origins";
import { embedRoute } from "@/lib/surfaces/widget/embed-route";

// Asked by the loader on the host page (cross-origin) before it draws anything: whether this page's
// origin may show the widget. Only an allowed origin may read the answer (CORS names it alone), and
// the embed pages refuse to be framed anywhere else in any case (frame-ancestors).
export const GET = embedRoute(async (request, ctx) => {
  const origin = request.headers.get("origin");
  const allowed = isAllowedOrigin(origin, ctx.workspace.origins);
  ctx.headers.set("Vary", "Origin");
  if (allowed && origin) ctx.headers.set("Access-Control-Allow-Origin", origin);
  return { data: { allowed, name: ctx.workspace.name, accentColor: ctx.workspace.accentColor } };
});
