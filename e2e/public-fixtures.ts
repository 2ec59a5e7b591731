import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { generateKey, hashKey, keyHint } from "../lib/domain/keys/format";
import { seedAccount, seedWorkspace, signInContext, sql } from "./accounts";
import { uniqueSlug } from "./helpers";
import { e2eDatabaseUrl } from "./run-environment.mjs";

// Test data for the portal specs. The owner, its session and workspace (e2e/accounts.ts), and rows
// the UI cannot create yet (status components, boards) go straight into the e2e database that
// e2e/serve.mjs created; API keys too, hashed with the secret serve.mjs gives the server. What
// each spec tests goes through the real app.
const API_KEY_SECRET = process.env.E2E_API_KEY_SECRET ?? "e2e-api-key-secret-0123456789abcdef0123456789";

/** The e2e server's database (see e2e/run-environment.mjs); throws when the run has no PostgreSQL. */
export { e2eDatabaseUrl, sql };

const id = (prefix: string) => `${prefix}${randomBytes(10).toString("hex")}`;

export interface Portal {
  slug: string;
  name: string;
  workspaceId: string;
  ownerId: string;
  key: string;
}

/**
 * An owner ("Test User", address not yet confirmed, as right after signing up) signed in within
 * `page`'s context, with a published workspace and an API key, all written straight into the
 * database (e2e/accounts.ts). The page is left where it was: each test opens what it tests.
 */
export async function publishedPortal(page: Page, name = "Acme Rockets"): Promise<Portal> {
  const owner = await seedAccount("owner", "Test User", { verified: false });
  const slug = uniqueSlug("acme");
  const [workspaceId] = await Promise.all([seedWorkspace(owner, name, slug, { portalPublished: true }), signInContext(page.context(), owner)]);
  const key = generateKey();
  await sql(
    `INSERT INTO "ApiKey" (id, "workspaceId", name, hint, hash, scopes, "createdById") VALUES ($1, $2, 'e2e', $3, $4, $5, $6)`,
    [id("key"), workspaceId, keyHint(key), hashKey(key, API_KEY_SECRET), ["posts:read", "posts:write", "changelog:read", "changelog:write", "status:read", "status:write"], owner.id],
  );
  return { slug, name, workspaceId, ownerId: owner.id, key };
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
