/**
 * The lines a customer pastes into their page: a queue (so calls made before the script arrives are
 * kept and replayed in order, and a second copy of the snippet does nothing), the loader, then
 * `boot` and the widgets. With SSO on, `ssoToken` is the token their server signs for the person.
 */
export function widgetSnippet({ appOrigin, slug, sso }: { appOrigin: string; slug: string; sso: boolean }): string {
  return [
    "<script>",
    '  (function (w, d, s) { if (w.Workspace) return; var q = function () { q.q.push(arguments); }; q.q = []; w.Workspace = q;',
    `    s = d.createElement("script"); s.async = true; s.src = "${appOrigin}/widget.js"; d.head.appendChild(s); })(window, document);`,
    `  Workspace("boot", { workspace: "${slug}"${sso ? ", ssoToken: TOKEN_FROM_YOUR_SERVER" : ""} });`,
    '  Workspace("feedback", { button: "floating", metadata: { appVersion: "1.2.3", plan: "pro" } });',
    '  Workspace("status", { mode: "banner" });',
    "</script>",
  ].join("\n");
}

/**
 * With SSO on: what the customer's server runs for each page view to fill `ssoToken` (Node, the
 * shortest of the four languages the widget's guide shows), so the settings page needs no outside
 * document to be followed. The secret comes from the SSO settings, never from this page.
 */
export function ssoTokenExample(): string {
  return [
    '// On your server, for each page view of a signed-in user (npm install jose):',
    'import { SignJWT } from "jose";',
    'import { randomUUID } from "node:crypto";',
    "",
    "const ssoToken = await new SignJWT({",
    "  id: user.id, email: user.email, name: user.name,",
    "  companies: [{ id: org.id, name: org.name, monthlySpend: org.monthlySpend }],",
    "})",
    '  .setProtectedHeader({ alg: "HS256" })',
    "  .setJti(randomUUID())            // each token works once",
    '  .setExpirationTime("10m")        // at most 24 hours ahead',
    "  .sign(new TextEncoder().encode(process.env.WORKSPACE_SSO_SECRET));",
    "// Render it into the page in place of TOKEN_FROM_YOUR_SERVER (as a quoted string).",
  ].join("\n");
}
