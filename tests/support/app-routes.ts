import fs from "node:fs";
import path from "node:path";

// Every address the app answers, read from the app directory itself, so a test that must reach
// "every route" keeps doing so when a page or a route is added: each page.tsx and route.ts, each
// metadata file (sitemap, robots, manifest, icons, Open Graph images), with route groups dropped
// and dynamic segments filled in with plausible values.

const ROUTE_FILE = /^(page\.tsx|route\.ts)$/;
const METADATA_FILE = /^(sitemap|robots|manifest|opengraph-image|twitter-image|icon|apple-icon)\.(ts|tsx|png|svg|ico|jpg)$/;
const METADATA_PATH: Record<string, string> = { sitemap: "sitemap.xml", robots: "robots.txt", manifest: "manifest.webmanifest" };

/** `[workspace]` and `[slug]` become the given workspace; other params and catch-alls a made-up value. */
function filled(segment: string, workspace: string): string | null {
  if (/^\(.+\)$/.test(segment)) return null;
  if (segment === "[workspace]" || segment === "[slug]") return workspace;
  if (/^\[\[?\.\.\./.test(segment)) return "x";
  if (/^\[.+\]$/.test(segment)) return "p1";
  return segment;
}

/** Each route as its path segments (the home page as none), sorted, without duplicates. */
export function appRoutes(workspace: string, root = path.resolve("app")): string[][] {
  const found = new Map<string, string[]>();
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith("_")) continue;
        const segment = filled(entry.name, workspace);
        walk(path.join(dir, entry.name), segment === null ? segments : [...segments, segment]);
        continue;
      }
      const metadata = METADATA_FILE.exec(entry.name);
      // A static image keeps its name (/icon.svg); a generated one is served without the extension.
      const served = metadata && (METADATA_PATH[metadata[1]!] ?? (/^tsx?$/.test(metadata[2]!) ? metadata[1]! : entry.name));
      const route = ROUTE_FILE.test(entry.name) ? segments : served ? [...segments, served] : null;
      if (route) found.set(route.join("/"), route);
    }
  };
  walk(root, []);
  return [...found.keys()].sort().map((key) => found.get(key)!);
}
