import type { z } from "zod";
import type { ErrorCode } from "@/lib/platform/core/errors";

// What a route says about itself, so that it cannot exist without its OpenAPI operation and its
// MCP tool: `defineRoute` and `definePublicRoute` require an `operation`, attach it (with the rest
// of their spec) to the handler they return, and the document (lib/surfaces/openapi) and the tool list
// (lib/surfaces/mcp) are built from the route tables (app/api/v1/routes.ts, app/api/public/routes.ts).
// Nothing here runs per request: the handler only carries a reference.

/** The OpenAPI operation of one route, in the terms of this API. */
export interface Operation {
  /** The operationId, camelCase and unique; its snake_case form names the MCP tool (createPost → create_post). */
  id: string;
  summary: string;
  /** Markdown. The required scope and the error codes are added to it by the document builder. */
  description?: string;
  /** The schema of `data` in a success (a zod schema: the same one the tests validate answers against, through the document). */
  response: z.ZodType;
  /** `data` is one page of a list: the envelope carries `pagination`. */
  paginated?: boolean;
  /** The response is the whole body, not our envelope: a format others defined (Statuspage, shields.io). */
  bare?: boolean;
  /** Codes the handler itself answers, beyond those its pipeline's steps answer (404 of a lookup, 403 PLAN_LIMIT, 409, a 400 the schema cannot express). */
  errors?: readonly ErrorCode[];
}

/** A public answer that is not JSON (the SVG badge, the Atom feed). */
export interface MediaOperation extends Omit<Operation, "response" | "paginated"> {
  media: { contentType: string; description: string };
}

/** A raw OpenAPI operation object, for the few routes outside both pipelines (the document itself, the MCP endpoint). */
export type RawOperation = { operationId: string } & Record<string, unknown>;

type Handler = (...args: never[]) => unknown;
type Fallback<H> = H & { readonly fallback: true };

export function withEndpoint<H extends Handler, M extends { kind: string }>(handler: H, endpoint: M): H & { readonly endpoint: M } {
  return Object.assign(handler, { endpoint });
}

/** Marks a handler that answers for no operation (405 for a method a path lacks, 404 for an unknown path). */
export function asFallback<H extends Handler>(handler: H): Fallback<H> {
  return Object.assign(handler, { fallback: true as const });
}

/** The MCP tool name of an operation: its id in snake_case. */
export function toolNameOf(operationId: string): string {
  return operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
