import type { z } from "zod";
import { createSchema } from "zod-openapi";
import type { V1Endpoint } from "@/lib/surfaces/api/define-route";
import { toolNameOf } from "@/lib/surfaces/api/operation";
import { successBodyOf } from "@/lib/surfaces/api/response-schemas";
import { routeEntries, type RouteEntry, type RouteTable } from "@/lib/surfaces/openapi/route-table";
import { MIN_ROLE_FOR_SCOPE, roleAllowsScope, type Scope } from "@/lib/domain/access/roles";
import type { Role } from "@/lib/generated/prisma/enums";

// One MCP tool per /api/v1 operation, from the same route table and the same zod schemas as the
// OpenAPI document: a new endpoint is a new tool. The input schema is the endpoint's path, query
// and body parameters in one object (their names never collide); the output schema is the
// endpoint's success envelope. Built once per process, on the first MCP request.

type JsonSchema = Record<string, unknown>;

export interface Tool {
  name: string;
  scope: Scope;
  entry: RouteEntry<V1Endpoint>;
  definition: {
    name: string;
    title: string;
    description: string;
    inputSchema: JsonSchema & { type: "object" };
    outputSchema: JsonSchema & { type: "object" };
    annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  };
}

/** A zod schema as standalone JSON Schema: components it names become `$defs` of its own. */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { schema: json, components } = createSchema(schema, { io, schemaRefPath: "#/$defs/" });
  const standalone = { ...(json as JsonSchema) };
  if (Object.keys(components).length) standalone.$defs = components;
  return standalone;
}

/** The argument a write tool takes in place of the `Idempotency-Key` header (an MCP client sends no header per call). */
export const IDEMPOTENCY_ARGUMENT = "idempotencyKey";

const idempotencyArgument = {
  type: "string",
  minLength: 1,
  maxLength: 255,
  description:
    "Optional, as the REST Idempotency-Key header: the same key with the same arguments within 24 hours answers the first success again without acting twice; another call under the key is an IDEMPOTENCY_KEY_REUSED error. A UUID per logical call.",
};

function inputSchemaOf(schemas: V1Endpoint["spec"]["schemas"] = {}, method?: string): JsonSchema & { type: "object" } {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const $defs: Record<string, unknown> = {};
  for (const part of [schemas.params, schemas.query, schemas.body]) {
    if (!part) continue;
    const json = jsonSchemaOf(part, "input");
    Object.assign(properties, json.properties);
    required.push(...((json.required as string[] | undefined) ?? []));
    Object.assign($defs, json.$defs);
  }
  if (method === "POST") properties[IDEMPOTENCY_ARGUMENT] = idempotencyArgument;
  return {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(Object.keys($defs).length ? { $defs } : {}),
  };
}

function toolOf(entry: RouteEntry<V1Endpoint>): Tool {
  const { scope, schemas, operation } = entry.endpoint.spec;
  const name = toolNameOf(operation.id);
  const readOnly = entry.method === "GET";
  const envelope = successBodyOf(operation);
  const description = [
    `${operation.summary} (${entry.method} /api/v1${entry.path}).`,
    operation.description,
    operation.paginated ? "Pages: pass the result's `pagination.nextCursor` as `cursor` for the next one." : undefined,
    `Needs the key scope ${scope} (creator ${MIN_ROLE_FOR_SCOPE[scope].toLowerCase()} or above). The result is the endpoint's JSON; a failure is a tool error carrying the API's error envelope and code.`,
  ]
    .filter(Boolean)
    .join(" ");
  return {
    name,
    scope,
    entry,
    definition: {
      name,
      title: operation.summary,
      description,
      inputSchema: inputSchemaOf(schemas, entry.method),
      outputSchema: { ...jsonSchemaOf(envelope, "output"), type: "object" },
      annotations: { title: operation.summary, readOnlyHint: readOnly, destructiveHint: false, idempotentHint: readOnly || entry.method === "PUT", openWorldHint: false },
    },
  };
}

const built = new WeakMap<RouteTable, Map<string, Tool>>();

/** Every tool of the table, by name. */
export function toolsOf(table: RouteTable): Map<string, Tool> {
  let tools = built.get(table);
  if (!tools) {
    tools = new Map();
    for (const entry of routeEntries(table)) {
      if (entry.endpoint.kind !== "v1") continue;
      const tool = toolOf(entry as RouteEntry<V1Endpoint>);
      if (tools.has(tool.name)) throw new Error(`Two endpoints make the MCP tool ${tool.name}`);
      tools.set(tool.name, tool);
    }
    built.set(table, tools);
  }
  return tools;
}

/** What a key may call now: its scopes, and only those its creator's current role allows (none once the creator left). */
export function toolAllowed(tool: Tool, key: { scopes: string[]; creatorRole: Role | null }): boolean {
  return key.scopes.includes(tool.scope) && key.creatorRole !== null && roleAllowsScope(key.creatorRole, tool.scope);
}
