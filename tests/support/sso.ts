import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { createSsoSecret } from "@/lib/domain/sso/create-sso-secret";
import { updateSsoSettings } from "@/lib/domain/sso/update-sso-settings";
import { actorOf } from "./actors";
import type { Tenant } from "./api";

/** Turns SSO on for the tenant (sign-in page on `signInUrl`) and returns a fresh secret in plain text. */
export async function enableSso(tenant: Tenant, signInUrl = "https://customer.example.test/sign-in") {
  const actor = await actorOf(tenant, tenant.owner);
  await updateSsoSettings(actor, { enabled: true, signInUrl, ssoOnly: false });
  return (await createSsoSecret(actor)).secret;
}

/** A token as a customer's server signs it: HS256, an id, a jti, exp five minutes ahead unless told. */
export function signSsoToken(secret: string, claims: Record<string, unknown> = {}, options: { now?: Date; header?: Record<string, unknown> } = {}) {
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const payload = { id: "customer-1", jti: randomUUID(), exp: now + 300, ...claims };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete (payload as Record<string, unknown>)[name];
  return new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT", ...options.header }).sign(new TextEncoder().encode(secret));
}
