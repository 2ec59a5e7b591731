import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ApiRouteTable } from "./api-read-lane";

/**
 * The REST API's route modules as `next build` made them, by `{param}`-style path under /api/v1:
 * each loaded on first use with the same `require` Next uses, so the lane and Next share one copy
 * of every module (and its state). From the build's list of app routes; a catch-all is left out
 * (Next's own matching decides what it catches). Empty when there is no build to read.
 */
export function nextApiRoutes(projectRoot: string): ApiRouteTable {
  const server = path.join(projectRoot, ".next", "server");
  let manifest: Record<string, string>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(server, "app-paths-manifest.json"), "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
  const load = createRequire(path.join(server, "index.js"));
  const table: ApiRouteTable = {};
  for (const [route, file] of Object.entries(manifest)) {
    const under = /^\/api\/v1(\/.+)\/route$/.exec(route)?.[1];
    if (!under || under.includes("[...")) continue;
    const compiled = path.join(server, file);
    table[under.replace(/\[(\w+)\]/g, "{$1}")] = async () => {
      // Next loads a route's own exports lazily behind its route module: awaited here as Next does.
      const { routeModule } = load(compiled) as { routeModule?: { ensureUserland?: () => Promise<void>; userland?: Record<string, unknown> } };
      await routeModule?.ensureUserland?.();
      return routeModule?.userland ?? null;
    };
  }
  return table;
}
