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
