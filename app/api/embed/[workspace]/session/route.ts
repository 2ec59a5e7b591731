import { exchangeSsoToken } from "@/lib/domain/widget/exchange-sso-token";
import { embedRoute, readJsonBody } from "@/lib/surfaces/widget/embed-route";

// The frame trades the host's SSO token for the widget's credential, which it keeps in memory.
export const POST = embedRoute(async (request, ctx) => {
  const body = (await readJsonBody(request, 20_000)) as { ssoToken?: unknown } | null;
  return { data: await exchangeSsoToken(ctx.workspace.id, body?.ssoToken, ctx.ip) };
});
