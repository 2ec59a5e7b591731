import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import * as publicDocument from "@/app/api/public/openapi.json/route";
import { V1_ROUTES } from "@/app/api/v1/routes";
import * as v1Document from "@/app/api/v1/openapi.json/route";
import { routeEntries } from "@/lib/surfaces/openapi/route-table";
import { ERROR_CODES } from "@/lib/platform/core/errors";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectError } from "../support/endpoint-checklist";
import { db } from "@/lib/platform/db/client";
import { createPost } from "@/lib/domain/posts/create-post";
import { updatePost } from "@/lib/domain/posts/update-post";
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhooks/event-types";
import { messageBody } from "@/lib/domain/webhooks/message-body";
import { actorOf } from "../support/actors";
import { openApiDocuments, warmOpenApiValidator } from "../support/openapi-validator";

// The documents as documents: Redocly's linter (its strictest preset, with example checks on)
// passes on both, and what they promise about scopes, codes and security holds.

const LINT_RULES = {
  "no-invalid-media-type-examples": "error",
  "no-invalid-schema-examples": "error",
  "no-invalid-parameter-examples": "error",
  "operation-description": "error",
  "operation-tag-defined": "error",
  "tag-description": "error",
  "no-unused-components": "error",
  "no-required-schema-properties-undefined": "error",
  "no-schema-type-mismatch": "error",
  "array-parameter-serialization": "error",
} as const;

async function lint(document: unknown) {
  const config = await createConfig({ extends: ["recommended-strict"], rules: LINT_RULES });
  const problems = await lintFromString({ source: JSON.stringify(document, null, 2), absoluteRef: "openapi.json", config });
  return problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ""}: ${problem.message}`);
}

describe("the linter", () => {
  it.each(["v1", "public"] as const)("passes on the %s document (Redocly recommended-strict)", async (surface) => {
    expect(await lint(openApiDocuments()[surface])).toEqual([]);
  });

  it("fails a document with a broken example or an undefined tag (it is really checking)", async () => {
    const broken = structuredClone(openApiDocuments().v1) as unknown as { components: { schemas: Record<string, { example?: unknown }> }; paths: Record<string, Record<string, { tags?: string[] }>> };
    broken.components.schemas.Post!.example = { id: 42 };
    broken.paths["/posts"]!.get!.tags = ["Nowhere"];
    const problems = await lint(broken);
    expect(problems.some((line) => line.startsWith("no-invalid-schema-examples"))).toBe(true);
    expect(problems.some((line) => line.startsWith("operation-tag-defined"))).toBe(true);
  });
});

describe("the license", () => {
  it.each(["v1", "public"] as const)("the %s document names the product's license, AGPL-3.0-only", (surface) => {
    const { info } = openApiDocuments()[surface] as unknown as { info: { license?: { identifier?: string } } };
    expect(info.license?.identifier).toBe("AGPL-3.0-only");
  });
});

describe("what the v1 document promises", () => {
  const document = () => openApiDocuments().v1 as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, { enum?: string[] }>; securitySchemes: Record<string, unknown> };
  };

  it("every operation names its scope (x-required-scope and in its description) and its MCP tool, and needs the bearer key", () => {
    for (const { path, method, endpoint } of routeEntries(V1_ROUTES)) {
      if (endpoint.kind !== "v1") continue;
      const operation = document().paths[path]![method.toLowerCase()]!;
      expect(operation["x-required-scope"], `${method} ${path}`).toBe(endpoint.spec.scope);
      expect(operation.description).toContain(`\`${endpoint.spec.scope}\``);
      expect(operation.security).toEqual([{ apiKey: [] }]);
      expect(operation["x-mcp-tool"]).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
    expect(document().components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("every POST but the MCP endpoint's takes Idempotency-Key and answers its 409 and 422; every PATCH and DELETE of a resource with a single GET takes If-Match and answers 412", () => {
    const paths = document().paths;
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const parameters = ((operation.parameters ?? []) as { in?: string; name?: string }[]).filter((parameter) => parameter.in === "header").map((parameter) => parameter.name);
        const statuses = Object.keys(operation.responses as Record<string, unknown>);
        if (method === "post" && path !== "/mcp") {
          expect(parameters, `POST ${path}`).toContain("Idempotency-Key");
          expect(statuses, `POST ${path}`).toEqual(expect.arrayContaining(["409", "422"]));
        }
        if ((method === "patch" || method === "delete") && paths[path]!.get) {
          expect(parameters, `${method.toUpperCase()} ${path}`).toContain("If-Match");
          expect(statuses, `${method.toUpperCase()} ${path}`).toContain("412");
        }
      }
    }
  });

  it("the error codes are the one code table's, and pagination is one component", () => {
    expect(document().components.schemas.ErrorCode!.enum).toEqual(ERROR_CODES);
    expect(document().components.schemas.Pagination).toMatchObject({ required: ["nextCursor", "hasMore"] });
    const list = document().paths["/posts"]!.get!.responses as Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }>;
    expect(list["200"]!.content["application/json"]!.schema.properties.pagination).toEqual({ $ref: "#/components/schemas/Pagination" });
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("200 without a key, cacheable, with an ETag that answers 304", async () => {
    const result = await call(v1Document.GET, "GET", "/api/v1/openapi.json");
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ openapi: "3.1.0", info: { title: "Workspace API" } });
    expect(result.json).toEqual(JSON.parse(JSON.stringify(openApiDocuments().v1)));
    expect(result.headers.get("cache-control")).toBe("public, max-age=300");
    expect(result.headers.get("x-ratelimit-limit")).toBeNull();
    const again = await call(v1Document.GET, "GET", "/api/v1/openapi.json", { headers: { "if-none-match": result.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("a key sent anyway is checked and counted like on any /api/v1 call: no way around 401 or the budget", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["posts:read"]);
    const first = await call(v1Document.GET, "GET", "/api/v1/openapi.json", { key });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("99");
    expect(first.headers.get("cache-control")).toBe("no-store");
    const second = await call(v1Document.GET, "GET", "/api/v1/openapi.json", { key });
    expect(second.headers.get("x-ratelimit-remaining")).toBe("98");

    const revoked = await tenant.key(["posts:read"], { revokedAt: new Date() });
    expectError(await call(v1Document.GET, "GET", "/api/v1/openapi.json", { key: revoked }), 401, "UNAUTHORIZED");
    expectError(await call(v1Document.GET, "GET", "/api/v1/openapi.json", { key: "wsk_wrong" }), 401, "UNAUTHORIZED");
    expectError(await call(v1Document.GET, "GET", "/api/v1/openapi.json", { headers: { "x-api-key": key } }), 401, "UNAUTHORIZED");
  });

  it("405 for other methods", async () => {
    expectError(await call(v1Document.POST, "POST", "/api/v1/openapi.json"), 405, "METHOD_NOT_ALLOWED");
  });
});

describe("GET /api/public/openapi.json", () => {
  it("200 for anyone, from any origin", async () => {
    const result = await call(publicDocument.GET, "GET", "/api/public/openapi.json");
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ openapi: "3.1.0", servers: [{ url: "/api/public" }] });
    expect(result.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("a key is refused with 403 API_KEY_SCOPE, like anywhere outside /api/v1", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key("all");
    expectError(await call(publicDocument.GET, "GET", "/api/public/openapi.json", { key }), 403, "API_KEY_SCOPE");
    expectError(await call(publicDocument.GET, "GET", "/api/public/openapi.json", { headers: { "x-api-key": key } }), 403, "API_KEY_SCOPE");
  });
});

describe("the webhooks section", () => {
  it("lists every deliverable event with the Standard Webhooks headers, and the body a real status change sends matches its schema", async () => {
    const { webhooks } = openApiDocuments().v1 as unknown as { webhooks: Record<string, { post: { parameters: { name: string; in: string }[] } }> };
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE].sort());
    for (const [type, { post }] of Object.entries(webhooks)) {
      expect(post.parameters.filter((parameter) => parameter.in === "header").map((parameter) => parameter.name), type).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    }

    const tenant = await seedTenant({ plan: "PRO" });
    const actor = await actorOf(tenant, tenant.owner);
    const board = await seedBoard(tenant.workspace.id);
    const post = await createPost(actor, { boardId: board.id, title: "Dark mode" });
    await updatePost(actor, post.id, { status: "planned" });
    const event = await db.event.findFirstOrThrow({ where: { workspaceId: tenant.workspace.id, type: "post.status_changed" } });
    const body = JSON.parse(messageBody("STANDARD", { id: event.id, type: event.type, createdAt: event.createdAt, data: event.data, previous: event.previous }, tenant.workspace.slug));
    const validate = warmOpenApiValidator().compile({ $ref: "v1#/webhooks/post.status_changed/post/requestBody/content/application~1json/schema" });
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // It is really checking: a body of another type is refused.
    expect(validate({ ...body, type: "post.created" })).toBe(false);
  });
});
