import { randomBytes } from "node:crypto";
import { db } from "@/lib/platform/db/client";
import type { RouteHandler } from "@/lib/surfaces/api/define-route";
import type { Plan, Role } from "@/lib/generated/prisma/enums";
import { generateKey, hashKey, keyHint } from "@/lib/domain/keys/format";
import { SCOPES, type Scope } from "@/lib/domain/access/roles";
import { beforeAll } from "vitest";
import { assertMatchesDocument, warmOpenApiValidator } from "./openapi-validator";

// Fresh tenants for API tests: every test seeds its own workspace(s) and keys, so a test can
// assert that another tenant's id answers 404 without caring what other tests wrote.

beforeAll(() => {
  warmOpenApiValidator();
});

export function uniqueSuffix(): string {
  return randomBytes(4).toString("hex");
}

export async function createTestUser(label = "user") {
  return db.user.create({ data: { email: `${label}-${uniqueSuffix()}@example.test`, name: label } });
}

export interface Tenant {
  workspace: { id: string; slug: string; plan: Plan };
  owner: { id: string; email: string };
  /** A member with the given role, created on demand. */
  member(role: Role, label?: string): Promise<{ id: string; email: string }>;
  /** A key created by `creator` (the owner by default) with these scopes. */
  key(scopes?: readonly Scope[] | "all", options?: { creatorId?: string; expiresAt?: Date; revokedAt?: Date }): Promise<string>;
}

export async function seedTenant(options: { plan?: Plan; published?: boolean } = {}): Promise<Tenant> {
  const owner = await createTestUser("owner");
  const slug = `t-${uniqueSuffix()}`;
  const workspace = await db.workspace.create({
    data: {
      slug,
      name: `Tenant ${slug}`,
      plan: options.plan ?? "FREE",
      portalPublished: options.published ?? false,
      memberships: { create: { userId: owner.id, role: "OWNER" } },
    },
    select: { id: true, slug: true, plan: true },
  });
  return {
    workspace,
    owner,
    async member(role, label = role.toLowerCase()) {
      const user = await createTestUser(label);
      await db.membership.create({ data: { workspaceId: workspace.id, userId: user.id, role } });
      return user;
    },
    async key(scopes = "all", keyOptions = {}) {
      const key = generateKey();
      await db.apiKey.create({
        data: {
          workspaceId: workspace.id,
          name: "test key",
          hint: keyHint(key),
          hash: hashKey(key, process.env.API_KEY_SECRET!),
          scopes: scopes === "all" ? [...SCOPES] : [...scopes],
          createdById: keyOptions.creatorId ?? owner.id,
          expiresAt: keyOptions.expiresAt ?? null,
          revokedAt: keyOptions.revokedAt ?? null,
        },
      });
      return key;
    },
  };
}

export interface CallOptions {
  key?: string | null;
  query?: Record<string, string>;
  params?: Record<string, string>;
  /** Serialised as JSON unless `rawBody` is given. */
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/**
 * Calls a route handler the way Next does: a real Request, params as a promise. The answer is
 * checked against the OpenAPI document of its operation (./openapi-validator.ts) before the test
 * sees it.
 */
export async function call(handler: RouteHandler, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const url = new URL(`http://localhost${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers(options.headers);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  let body: BodyInit | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(url, { method, headers, body, duplex: "half" } as RequestInit);
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  assertMatchesDocument(handler, { method, status: response.status, headers: response.headers, text });
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
}

export async function seedBoard(workspaceId: string, overrides: { name?: string; isPublic?: boolean } = {}) {
  const name = overrides.name ?? `Board ${uniqueSuffix()}`;
  return db.board.create({
    data: { workspaceId, name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), isPublic: overrides.isPublic ?? true },
  });
}
