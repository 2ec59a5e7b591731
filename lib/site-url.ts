/**
 * The app's public base URL, for absolute links that leave the page: Open Graph images, the
 * sitemap, robots.txt. The same setting as the sign-in callbacks (NEXTAUTH_URL); set it before
 * `npm run build` too, since pages rendered at build time bake it into their metadata.
 */
export function siteUrl(): URL {
  return new URL(process.env.NEXTAUTH_URL || `http://localhost:${process.env.PORT || 3000}`);
}
