import { embedRoute } from "@/lib/surfaces/widget/embed-route";
import { findWidgetSuggestions } from "@/lib/domain/widget/find-widget-suggestions";

// Existing ideas like the title being typed, so the visitor can vote instead of filing a duplicate.
export const GET = embedRoute(async (request, ctx) => {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return { data: await findWidgetSuggestions(ctx.db, { userId: ctx.visitor?.userId ?? null, ip: ctx.ip }, q) };
});
