import { randomBytes } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { encode } from "next-auth/jwt";
import pg from "pg";
import { hashPassword } from "../lib/platform/auth/password";
import { PASSWORD, uniqueEmail } from "./helpers";
import { e2eDatabaseUrl } from "./run-environment.mjs";

// Accounts, sessions and workspaces written straight into the run's database, for the specs whose
// subject is something else: signing up, confirming the address and creating a workspace through
// the pages takes five page loads and a password hash on the server for every person in every test.
// Those flows keep their own specs (auth-and-workspaces, identity, the invitation flow in members),
// which go through the pages with signUp, confirmEmail and createWorkspace from e2e/helpers.ts.

/** The same secret e2e/serve.mjs gives the server, so the session cookies minted here are its own. */
const NEXTAUTH_SECRET = process.env.E2E_NEXTAUTH_SECRET ?? "e2e-nextauth-secret-0123456789abcdef0123456789";
/** next-auth's cookie name on plain http (the e2e server runs on http://localhost). */
const SESSION_COOKIE = "next-auth.session-token";
/** As lib/platform/auth/sessions.ts (not imported: it opens the app's database client). */
const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A cuid-shaped id (the app's ids are cuids), unique enough for a test run. */
export function rowId(): string {
  return `c${randomBytes(12).toString("hex").slice(0, 24)}`;
}

// One argon2 hash of the shared test password per worker, made the way the app makes them, so a
// seeded account also signs in through the sign-in page with PASSWORD.
let passwordHash: Promise<string> | undefined;

export interface SeededAccount {
  id: string;
  email: string;
  name: string;
}

/** An email-and-password account (password PASSWORD), its address confirmed unless `verified: false`. */
export async function seedAccount(label: string, name: string, { verified = true } = {}): Promise<SeededAccount> {
  const email = uniqueEmail(label);
  const id = rowId();
  await sql(
    `INSERT INTO "User" (id, email, name, "passwordHash", "emailVerifiedAt", "updatedAt") VALUES ($1, $2, $3, $4, $5, now())`,
    [id, email, name, await (passwordHash ??= hashPassword(PASSWORD)), verified ? new Date() : null],
  );
  return { id, email, name };
}

/**
 * Signs `account` in within `context`: a session row, and the cookie next-auth would have set
 * after the sign-in form (a JWT naming that row), so the server treats it as any other session.
 */
export async function signInContext(context: BrowserContext, account: SeededAccount): Promise<void> {
  const sessionId = randomBytes(24).toString("base64url");
  await sql(`INSERT INTO "AuthSession" (id, "userId", "expiresAt") VALUES ($1, $2, $3)`, [
    sessionId,
    account.id,
    new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
  ]);
  const value = await encode({
    token: { sub: account.id, sid: sessionId, email: account.email, name: account.name },
    secret: NEXTAUTH_SECRET,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  await context.addCookies([
    { name: SESSION_COOKIE, value, url: `http://localhost:${process.env.E2E_PORT}`, httpOnly: true, sameSite: "Lax" },
  ]);
}

/** A workspace with `owner` as its only member (OWNER), as the New workspace page makes it. */
export async function seedWorkspace(owner: SeededAccount, name: string, slug: string, { portalPublished = false } = {}): Promise<string> {
  const workspaceId = rowId();
  await sql(
    `WITH w AS (INSERT INTO "Workspace" (id, slug, name, "portalPublished", "updatedAt") VALUES ($1, $2, $3, $4, now()) RETURNING id)
     INSERT INTO "Membership" (id, "workspaceId", "userId", role, "updatedAt") SELECT $5, w.id, $6, 'OWNER', now() FROM w`,
    [workspaceId, slug, name, portalPublished, rowId(), owner.id],
  );
  return workspaceId;
}
