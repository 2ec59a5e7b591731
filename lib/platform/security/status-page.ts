// A page for answers the app's own pages cannot render (the database is out of reach, a request
// the production server refuses before Next sees it): in the app's colours, self-contained
// (inline styles, no script), with the request's reference. Texts are the app's own, never the
// request's.
export interface StatusPageText {
  title: string;
  message: string;
  link: { href: string; label: string };
}

export function statusPage({ title, message, link }: StatusPageText, nonce: string, requestId: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Workspace</title>
<style nonce="${nonce}">
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8fafc; color: #0f172a;
    font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 28rem; margin: 1.5rem; padding: 2rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem;
    box-shadow: 0 1px 2px rgb(15 23 42 / 0.06); }
  h1 { margin: 0 0 0.5rem; font-size: 1.25rem; font-weight: 600; }
  p { margin: 0 0 1rem; color: #475569; line-height: 1.5; }
  a { display: inline-block; padding: 0.5rem 1rem; border-radius: 0.375rem; background: #4f46e5; color: #fff; text-decoration: none; font-weight: 500; }
  a:hover, a:focus-visible { background: #4338ca; }
  small { display: block; margin-top: 1.25rem; color: #64748b; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${message}</p>
<a href="${link.href}">${link.label}</a>
<small>Reference: ${requestId}</small>
</main>
</body>
</html>
`;
}
