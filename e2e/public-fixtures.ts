import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { generateKey, hashKey, keyHint } from "../lib/keys/format";
import { createWorkspace, signUp, uniqueEmail, uniqueSlug } from "./helpers";
import { e2eDatabaseUrl } from "./run-environment.mjs";

// Test data for the portal specs. Rows the UI cannot create yet (published portal, status
// components, boards) go straight into the e2e database that e2e/serve.mjs created; API keys too,
// hashed with the secret serve.mjs gives the server. Everything else goes through the real app.
const API_KEY_SECRET = process.env.E2E_API_KEY_SECRET ?? "e2e-api-key-secret-0123456789abcdef0123456789";

/** The e2e server's database (see e2e/run-environment.mjs); throws when the run has no PostgreSQL. */
export { e2eDatabaseUrl };

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const url = e2eDatabaseUrl();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const id = (prefix: string) => `${prefix}${randomBytes(10).toString("hex")}`;

export interface Portal {
  slug: string;
  name: string;
  workspaceId: string;
  ownerId: string;
  key: string;
}

/** Signs an owner up, creates a workspace through the UI, publishes it and gives it an API key. */
export async function publishedPortal(page: Page, name = "Acme Rockets"): Promise<Portal> {
  const email = uniqueEmail("owner");
  await signUp(page, email);
  const slug = uniqueSlug("acme");
  await createWorkspace(page, name, slug);
  const [row] = await sql<{ workspaceId: string; ownerId: string }>(
    `UPDATE "Workspace" w SET "portalPublished" = true FROM "User" u WHERE w.slug = $1 AND u.email = $2 RETURNING w.id AS "workspaceId", u.id AS "ownerId"`,
    [slug, email],
  );
  const key = generateKey();
  await sql(
    `INSERT INTO "ApiKey" (id, "workspaceId", name, hint, hash, scopes, "createdById") VALUES ($1, $2, 'e2e', $3, $4, $5, $6)`,
    [id("key"), row!.workspaceId, keyHint(key), hashKey(key, API_KEY_SECRET), ["posts:read", "posts:write", "changelog:read", "changelog:write", "status:read", "status:write"], row!.ownerId],
  );
  return { slug, name, workspaceId: row!.workspaceId, ownerId: row!.ownerId, key };
}

export async function addComponent(portal: Portal, name: string, position = 0): Promise<string> {
  const componentId = id("cmp");
  await sql(`INSERT INTO "StatusComponent" (id, "workspaceId", name, position, "updatedAt") VALUES ($1, $2, $3, $4, now())`, [componentId, portal.workspaceId, name, position]);
  return componentId;
}

export async function addBoard(portal: Portal, name: string, slug: string, isPublic = true): Promise<string> {
  const boardId = id("brd");
  await sql(`INSERT INTO "Board" (id, "workspaceId", name, slug, "isPublic", "updatedAt") VALUES ($1, $2, $3, $4, $5, now())`, [boardId, portal.workspaceId, name, slug, isPublic]);
  return boardId;
}

/** POST to /api/v1 with the portal's key; the test fails unless the API answers 201. */
export async function apiPost(request: APIRequestContext, portal: Portal, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, { headers: { authorization: `Bearer ${portal.key}` }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as Record<string, unknown>;
}
