import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PUBLIC_ROUTES } from "@/app/api/public/routes";
import { V1_ROUTES } from "@/app/api/v1/routes";
import { endpointOf, isFallback } from "@/lib/surfaces/openapi/endpoint";
import type { OpenApiDocument, RouteTable } from "@/lib/surfaces/openapi/route-table";
import { openApiDocuments } from "../support/openapi-validator";

// A route cannot exist without its operation, nor an operation without its route: every
// app/api/{v1,public}/**/route.ts is walked, every method it exports must be a documented handler
// (or a 405/404/preflight fallback), found in the served document under the same path and method,
// and every operation of the document must be such a handler.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

interface RouteFile {
  file: string;
  /** The OpenAPI path (`/posts/{id}`), or null for a catch-all. */
  path: string | null;
  module: Record<string, unknown>;
}

function routeFiles(root: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) found.push(...routeFiles(full));
    else if (entry.name === "route.ts") found.push(full);
  }
  return found.sort();
}

function openApiPath(root: string, file: string): string | null {
  const segments = path.relative(root, path.dirname(file)).split(path.sep).filter(Boolean);
  if (segments.some((segment) => segment.startsWith("[..."))) return null;
  return `/${segments.map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`;
}

async function loadRoutes(surface: "v1" | "public"): Promise<RouteFile[]> {
  const root = path.resolve("app/api", surface);
  return Promise.all(
    routeFiles(root).map(async (file) => ({
      file: path.relative(process.cwd(), file),
      path: openApiPath(root, file),
      module: (await import(/* @vite-ignore */ file)) as Record<string, unknown>,
    })),
  );
}

function operationIdOf(handler: unknown): string | null {
  const endpoint = endpointOf(handler);
  if (!endpoint) return null;
  return endpoint.kind === "raw" ? endpoint.operationId : endpoint.spec.operation.id;
}

/** Every way the route files and the document disagree, one line each. */
export function driftBetween(routes: RouteFile[], document: OpenApiDocument): string[] {
  const problems: string[] = [];
  const served = new Set<string>();
  for (const { file, path: openApi, module } of routes) {
    for (const method of METHODS) {
      const handler = module[method];
      if (handler === undefined || isFallback(handler)) continue;
      if (method === "HEAD" && handler === module.GET) continue;
      const operationId = operationIdOf(handler);
      if (!operationId) {
        problems.push(`${file} ${method}: neither an operation (defineRoute, definePublicRoute or a raw endpoint) nor a fallback`);
        continue;
      }
      if (openApi === null) {
        problems.push(`${file} ${method}: a catch-all route answers only with fallbacks`);
        continue;
      }
      const operation = (document.paths?.[openApi] as Record<string, { operationId?: string }> | undefined)?.[method.toLowerCase()];
      if (!operation) problems.push(`${file} ${method} (${operationId}): no operation at ${method} ${openApi} in the document`);
      else if (operation.operationId !== operationId) problems.push(`${file} ${method}: the document has ${operation.operationId} at ${openApi}, the route is ${operationId}`);
      served.add(`${method} ${openApi}`);
    }
  }
  for (const [openApi, item] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(item as object)) {
      const key = `${method.toUpperCase()} ${openApi}`;
      if (METHODS.includes(method.toUpperCase() as (typeof METHODS)[number]) && !served.has(key)) problems.push(`the operation ${key} has no route`);
    }
  }
  return problems;
}

/** Route files with pipeline endpoints that their table does not list (under the same module). */
function unlisted(routes: RouteFile[], table: RouteTable): string[] {
  const listed = new Set(Object.values(table));
  return routes
    .filter(({ module }) => METHODS.some((method) => ["v1", "public"].includes(endpointOf(module[method])?.kind ?? "")))
    .filter(({ module }) => !listed.has(module))
    .map(({ file }) => file);
}

describe.each([
  ["v1", V1_ROUTES],
  ["public", PUBLIC_ROUTES],
] as const)("/api/%s: routes and the OpenAPI document", (surface, table) => {
  it("every route file is in its route table, under its own path", async () => {
    const routes = await loadRoutes(surface);
    expect(unlisted(routes, table)).toEqual([]);
    for (const [openApi, module] of Object.entries(table)) {
      expect(routes.find((route) => route.module === module)?.path, `table entry ${openApi}`).toBe(openApi);
    }
  });

  it("every route has its operation and every operation its route", async () => {
    expect(driftBetween(await loadRoutes(surface), openApiDocuments()[surface])).toEqual([]);
  });
});

describe("the drift check itself", () => {
  it("reports a route without an operation and an operation without a route", async () => {
    const routes = await loadRoutes("v1");
    const document = structuredClone(openApiDocuments().v1);
    delete (document.paths!["/posts"] as Record<string, unknown>).post;
    (document.paths!["/todos/{id}"] as Record<string, unknown>).delete = { operationId: "deleteTodo", responses: {} };
    const undocumented = async () => ({ GET: async () => new Response() });
    const problems = driftBetween([...routes, { file: "app/api/v1/imaginary/route.ts", path: "/imaginary", module: await undocumented() }], document);
    expect(problems).toEqual([
      "app/api/v1/posts/route.ts POST (createPost): no operation at POST /posts in the document",
      "app/api/v1/imaginary/route.ts GET: neither an operation (defineRoute, definePublicRoute or a raw endpoint) nor a fallback",
      "the operation DELETE /todos/{id} has no route",
    ]);
  });
});
