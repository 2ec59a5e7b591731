import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpointOf } from "@/lib/surfaces/openapi/endpoint";
import { cacheNameOf, type PublicRouteSpec } from "@/lib/surfaces/public-api/define-public-route";

// Every public route keys its cached answers under its own name. Two routes with one name would
// answer each other's requests from the cache, so every route file under app/api/public is walked
// (not only the route table, which a new file could be missing from) and the names must differ.

function routeFiles(root: string): string[] {
  return fs.readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Names used by more than one route, each with the routes that use it. */
function sharedNames(routes: { file: string; spec: Pick<PublicRouteSpec, "operation"> }[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const { file, spec } of routes) byName.set(cacheNameOf(spec), [...(byName.get(cacheNameOf(spec)) ?? []), file]);
  return Object.fromEntries([...byName].filter(([, files]) => files.length > 1));
}

async function publicRoutes() {
  const root = path.resolve("app/api/public");
  const found: { file: string; spec: PublicRouteSpec }[] = [];
  for (const file of routeFiles(root)) {
    const mod = (await import(file)) as Record<string, unknown>;
    const endpoint = endpointOf(mod.GET);
    if (endpoint?.kind === "public") found.push({ file: path.relative(root, file), spec: endpoint.spec });
  }
  return found;
}

describe("public route cache names", () => {
  it("gives every public route its own name", async () => {
    const routes = await publicRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(13);
    expect(sharedNames(routes)).toEqual({});
  });

  it("names a shared name, with both routes, when two routes collide", async () => {
    const [first, second] = await publicRoutes();
    const clash = { file: "copy/route.ts", spec: { operation: { ...second!.spec.operation, id: cacheNameOf(first!.spec) } } };
    expect(sharedNames([first!, second!, clash])).toEqual({ [cacheNameOf(first!.spec)]: [first!.file, "copy/route.ts"] });
  });

});
