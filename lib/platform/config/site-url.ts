type Env = Record<string, string | undefined>;

/**
 * The app's public origin (`https://app.example.com`, no trailing slash): the one base of every
 * absolute URL the app makes — redirects, links in mail, feed ids, Open Graph cards, the sitemap,
 * robots.txt — and the origin a sign-in callback must stay on. It is the configured setting
 * (NEXTAUTH_URL, also next-auth's own base), never the Host or URL of the request: behind a proxy
 * those name the address the server listens on (localhost:3000), and a client can write them.
 * Unset, it is the development server's address. Set it before `npm run build` too, since pages
 * rendered at build time bake it into their metadata.
 */
export function publicOrigin(env: Env = process.env): string {
  const configured = env.NEXTAUTH_URL?.trim();
  return new URL(configured || `http://localhost:${env.PORT || 3000}`).origin;
}

export function siteUrl(env: Env = process.env): URL {
  return new URL(publicOrigin(env));
}

/** `path` (starting with "/") on the public origin. */
export function absoluteUrl(path: string, env: Env = process.env): URL {
  return new URL(path, `${publicOrigin(env)}/`);
}
