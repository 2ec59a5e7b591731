import type { RouteHandler, V1Endpoint } from "@/lib/surfaces/api/define-route";
import type { PublicEndpoint } from "@/lib/surfaces/public-api/define-public-route";

// Which endpoint a route handler serves, read back from the handler: the OpenAPI document, the
// MCP tool list and the route-drift test walk the route tables with these.

/** A route outside both pipelines, by the id of the operation its document writes for it. */
export interface RawEndpoint {
  kind: "raw";
  operationId: string;
}

export type EndpointMeta = V1Endpoint | PublicEndpoint | RawEndpoint;

type Documented = RouteHandler & { readonly endpoint?: EndpointMeta; readonly fallback?: true };

export function endpointOf(handler: unknown): EndpointMeta | undefined {
  return typeof handler === "function" ? (handler as Documented).endpoint : undefined;
}

export function isFallback(handler: unknown): boolean {
  return typeof handler === "function" && (handler as Documented).fallback === true;
}
