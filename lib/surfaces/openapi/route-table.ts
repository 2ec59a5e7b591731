import type { createDocument } from "zod-openapi";
import { endpointOf, type EndpointMeta } from "@/lib/surfaces/openapi/endpoint";

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** A route file's module (its method exports) by the path it serves, `{param}` style. */
export type RouteTable = Record<string, Record<string, unknown>>;

export const OPERATION_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type OperationMethod = (typeof OPERATION_METHODS)[number];

export interface RouteEntry<E extends EndpointMeta = EndpointMeta> {
  path: string;
  method: OperationMethod;
  endpoint: E;
}

/**
 * The documented handlers of a table, in table order. HEAD is the GET handler answering without a
 * body and OPTIONS a CORS preflight, so neither is an operation of its own; 405 and 404 fallbacks
 * carry no endpoint and are skipped.
 */
export function routeEntries(table: RouteTable): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const [path, module] of Object.entries(table)) {
    for (const method of OPERATION_METHODS) {
      const endpoint = endpointOf(module[method]);
      if (endpoint) entries.push({ path, method, endpoint });
    }
  }
  return entries;
}
