import { createCipheriv, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { rowId, sql } from "./accounts";

// A customer's app for the widget's browser tests: a page on another origin (127.0.0.1, while the
// app answers on localhost) that pastes the snippet, with the SSO token its server would sign.
// The test says what the next page view holds (`next`); each view gets a fresh token, since a
// token works once.

export interface HostPage {
  workspace: string;
  /** The customer's SSO secret: each page view carries a token freshly signed with it; none: anonymous. */
  ssoSecret?: string;
  claims?: Record<string, unknown>;
  locale?: string;
  theme?: string;
  calls?: string;
}

export interface HostServer {
  origin: string;
  next: HostPage | null;
  close(): Promise<void>;
}

export async function startHost(appOrigin: string): Promise<HostServer> {
  const host: HostServer = { origin: "", next: null, close: async () => {} };
  const server = http.createServer(async (request, response) => {
    if (!host.next || request.url?.startsWith("/favicon")) {
      response.writeHead(404).end();
      return;
    }
    const page = host.next;
    const token = page.ssoSecret ? await signToken(page.ssoSecret, page.claims ?? {}) : undefined;
    const boot = JSON.stringify({ workspace: page.workspace, ssoToken: token, locale: page.locale, theme: page.theme });
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Customer app</title>
<style>body{font-family:sans-serif;margin:0} header{display:flex;justify-content:space-between;padding:16px;background:#0f172a;color:#fff} button{font:inherit}
/* A host stylesheet that would wreck anything not in a shadow root. */ div,button,span{color:lime!important}</style></head>
<body><header><strong>Customer app</strong><button id="whats-new" type="button">What's new</button></header><main style="padding:16px"><h1>Dashboard</h1><p>Your reports.</p></main>
<script>
  window.widgetEvents = [];
  (function (w, d, s) { if (w.Workspace) return; var q = function () { q.q.push(arguments); }; q.q = []; w.Workspace = q;
    s = d.createElement("script"); s.async = true; s.src = "${appOrigin}/widget.js"; d.head.appendChild(s); })(window, document);
  // Called before the script arrives: the queue keeps them in order.
  Workspace("on", "submitted", function (detail) { window.widgetEvents.push(["submitted", detail]); });
  Workspace("on", "voted", function (detail) { window.widgetEvents.push(["voted", detail]); });
  Workspace("on", "changelog:viewed", function (detail) { window.widgetEvents.push(["changelog:viewed", detail]); });
  Workspace("boot", ${boot});
  ${page.calls ?? `Workspace("feedback", { metadata: { appVersion: "9.9.9", plan: "enterprise", team: "blue" } });
  Workspace("changelog", { anchor: "#whats-new", mode: "popup" });
  Workspace("status", { mode: "banner" });`}
</script>
<script>
  // The snippet a second time, as a careless template might: nothing changes.
  (function (w, d, s) { if (w.Workspace) return; var q = function () { q.q.push(arguments); }; q.q = []; w.Workspace = q;
    s = d.createElement("script"); s.async = true; s.src = "${appOrigin}/widget.js"; d.head.appendChild(s); })(window, document);
</script></body></html>`;
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host.close = () => new Promise((resolve) => server.close(() => resolve()));
  return host;
}

/** A token as the customer's server signs it (HS256, an id, a jti, five minutes to live). */
export function signToken(secret: string, claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ id: "customer-1", jti: randomUUID(), exp: now + 300, ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(secret));
}

// Sealed the way the server seals signing secrets (lib/domain/webhooks/secret-box.ts), under the
// e2e server's NEXTAUTH_SECRET (e2e/serve.mjs), so the row reads as one made in Settings.
function seal(plain: string): string {
  const source = process.env.E2E_NEXTAUTH_SECRET ?? "e2e-nextauth-secret-0123456789abcdef0123456789";
  const key = Buffer.from(hkdfSync("sha256", source, "workspace-webhooks", "webhook endpoint secrets", 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** SSO turned on for the workspace with one live secret, as an admin would in Settings; the secret in plain text. */
export async function enableSso(workspaceId: string): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  await sql(`INSERT INTO "SsoSettings" ("workspaceId", enabled, "signInUrl", "ssoOnly", "updatedAt") VALUES ($1, true, 'https://customer.example.test/sign-in', false, now())`, [workspaceId]);
  await sql(`INSERT INTO "SsoSecret" (id, "workspaceId", sealed, hint) VALUES ($1, $2, $3, $4)`, [rowId(), workspaceId, seal(secret), secret.slice(-4)]);
  return secret;
}
