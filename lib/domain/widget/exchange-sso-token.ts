import { DomainError } from "@/lib/platform/core/errors";
import { signInSsoUser } from "@/lib/domain/sso/sign-in-sso-user";
import { ssoRoundTripLimiter } from "@/lib/domain/sso/sso-limits";
import { verifySsoToken } from "@/lib/domain/sso/verify-sso-token";
import { issueWidgetCredential } from "./widget-credential";

/**
 * The host page's SSO token (signed by the customer's server, handed to the widget by `boot`)
 * turned into the widget's credential: the same gate as the portal's SSO sign-in (verifySsoToken:
 * HS256 under a live secret of this workspace, exp, single-use jti), the same visitor row
 * (signInSsoUser), and a credential bound to this workspace only. A refusal is a 401 naming the
 * rule the token broke, for the customer's developer.
 */
export async function exchangeSsoToken(workspaceId: string, token: unknown, ip: string, now = new Date()) {
  if (typeof token !== "string") throw new DomainError("VALIDATION_ERROR", "Send { ssoToken } as a string.", [{ path: "ssoToken", message: "Expected the SSO token as a string.", code: "invalid_type" }]);
  const verdict = await ssoRoundTripLimiter().limit(`widget:${ip}`);
  if (!verdict.success) {
    throw new DomainError("RATE_LIMITED", "Too many sign-ins from your network; try again in a few minutes.", undefined, Math.max(1, Math.ceil((verdict.reset - Date.now()) / 1000)));
  }
  const verified = await verifySsoToken(workspaceId, token, now);
  if (!verified.ok) throw new DomainError("UNAUTHORIZED", `The SSO token was refused: ${verified.reason}.`, [{ path: "ssoToken", message: verified.reason, code: verified.reason }]);
  const { userId } = await signInSsoUser(workspaceId, verified.claims);
  const credential = await issueWidgetCredential({ workspaceId, userId, via: "sso" }, now);
  return { ...credential, name: verified.claims.name ?? verified.claims.email ?? null };
}
