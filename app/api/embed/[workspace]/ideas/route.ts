import { embedRoute, readJsonBody, requireVisitor } from "@/lib/surfaces/widget/embed-route";
import { listOwnIdeas } from "@/lib/domain/widget/list-own-ideas";
import { submitWidgetIdea, type WidgetIdeaInput } from "@/lib/domain/widget/submit-widget-idea";

// The signed-in visitor's own ideas (GET) and a new one from the feedback widget (POST).
export const GET = embedRoute(async (_request, ctx) => ({ data: await listOwnIdeas(ctx.db, requireVisitor(ctx).userId) }));

export const POST = embedRoute(async (request, ctx) => {
  const visitor = requireVisitor(ctx);
  const post = await submitWidgetIdea(ctx.db, { userId: visitor.userId, ip: ctx.ip }, (await readJsonBody(request)) as WidgetIdeaInput);
  return { status: 201, data: post };
});
