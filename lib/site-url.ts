/**
 * The app's public base URL, for absolute links that leave the page: Open Graph images, the
 * sitemap, robots.txt. The same setting as the sign-in callbacks (NEXTAUTH_URL); set it before
 * `npm run build` too, since pages rendered at build time bake it into their metadata.
 */
export function siteUrl(): URL {
  return new URL(process.env.NEXTAUTH_URL || `http://localhost:${process.env.PORT || 3000}`);
}

/**
 * The origin for absolute links in an answer (feed ids, the status summary's page URL): the
 * configured public URL when there is one, so the links do not name the host and port the server
 * happens to listen on behind a proxy; otherwise the origin the request came to.
 */
export function publicOrigin(requestUrl: string): string {
  const configured = process.env.NEXTAUTH_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  return new URL(requestUrl).origin;
}
