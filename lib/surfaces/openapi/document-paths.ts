import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import type { EndpointMeta } from "@/lib/surfaces/openapi/endpoint";
import type { RawOperation } from "@/lib/surfaces/api/operation";
import { routeEntries, type RouteEntry, type RouteTable } from "./route-table";

type Kind = Exclude<EndpointMeta["kind"], "raw">;

/**
 * A document's `paths`: every route of `table` (each must be of `kind`) as `operationOf` writes it,
 * then the `extra` operations of the routes outside the table (the document itself, MCP).
 */
export function documentPaths<K extends Kind>(
  table: RouteTable,
  kind: K,
  operationOf: (entry: RouteEntry<Extract<EndpointMeta, { kind: K }>>) => ZodOpenApiOperationObject,
  extra: [path: string, method: string, operation: RawOperation][],
): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  const add = (path: string, method: string, operation: ZodOpenApiOperationObject | RawOperation) => {
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation };
  };
  for (const entry of routeEntries(table)) {
    if (entry.endpoint.kind !== kind) throw new Error(`${entry.method} ${entry.path} is not a ${kind} route`);
    add(entry.path, entry.method, operationOf(entry as RouteEntry<Extract<EndpointMeta, { kind: K }>>));
  }
  for (const [path, method, operation] of extra) add(path, method, operation);
  return paths;
}
