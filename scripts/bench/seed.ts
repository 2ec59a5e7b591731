// The benchmark's data: one PRO workspace with a published portal, `posts` posts on one board,
// a post with 100 comments and 100 voters, todos, status components with an incident, an API key and a signed-in
// owner's session cookie. Everything is generated inside PostgreSQL (INSERT ... SELECT
// generate_series: nothing crosses the wire, so it is as fast as COPY), and the posts go in with
// their secondary indexes dropped and rebuilt afterwards: building an index once over a million
// rows is several times faster than maintaining it a row at a time (the GIN indexes most of all).
import pg from "pg";
import { encode } from "next-auth/jwt";
import { applyMigrations } from "@/lib/platform/db/migrate";
import { openSql } from "@/lib/platform/db/sql";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { generateKey, hashKey, keyHint } from "@/lib/domain/keys/format";

export const BENCH = {
  workspaceId: "bench_workspace",
  slug: "bench",
  ownerId: "bench_owner",
  /** A portal visitor: signed in, no membership (the signed-in portal scenario). */
  visitorId: "bench_visitor",
  boardId: "bench_board",
  /** The post with 100 comments and 100 voters (post detail scenarios). */
  postId: "bench_post_0000001",
  /** A word in ~0.1% of titles, and a tag on ~1% of posts. */
  searchWord: "keyboard",
  tag: "tag3",
} as const;

const WORDS = [
  "dashboard", "export", "mobile", "search", "billing", "dark", "mode", "calendar", "slack", "webhook",
  "import", "filter", "report", "invoice", "sso", "login", "speed", "chart", "email", "digest",
];

export interface Seeded {
  apiKey: string;
  sessionCookie: string;
  visitorCookie: string;
  posts: number;
  seconds: number;
}

function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function seedBench(options: { url: string; posts: number; skipSeed: boolean; apiKeySecret: string; nextAuthSecret: string }): Promise<Seeded> {
  const started = Date.now();
  const name = new URL(options.url).pathname.slice(1) || "bench";
  if (!options.skipSeed) {
    const admin = new pg.Client({ connectionString: databaseUrl(options.url, "postgres") });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const conn = await openSql({ kind: "postgres", url: options.url });
    try {
      await applyMigrations(conn);
    } finally {
      await conn.close();
    }
  }
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    if (!options.skipSeed) await seedRows(client, options.posts);
    await seedVoters(client);
    await removeWrittenPosts(client);
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Post" WHERE "workspaceId" = $1`, [BENCH.workspaceId]);
    if (!rows[0] || rows[0].n === 0) throw new Error(`--skip-seed: ${options.url} has no bench posts; run once without it.`);
    return { ...(await credentials(client, options)), posts: rows[0].n, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/**
 * 100 voters on the post with 100 comments, for the dashboard's post page. Made on every run (and
 * made once: ON CONFLICT), so a database seeded before they were added has them too.
 */
async function seedVoters(client: pg.Client) {
  await client.query(
    `INSERT INTO "User" (id, email, name, "updatedAt", "emailVerifiedAt")
     SELECT 'bench_voter_' || i, 'bench-voter-' || i || '@example.test', 'Voter ' || i, now(), now() FROM generate_series(1, 100) AS i
     ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `INSERT INTO "Vote" (id, "workspaceId", "postId", "userId", "createdAt")
     SELECT 'bench_vote_' || i, $1, $2, 'bench_voter_' || i, timestamptz '2026-02-01' + make_interval(secs => i) FROM generate_series(1, 100) AS i
     ON CONFLICT DO NOTHING`,
    [BENCH.workspaceId, BENCH.postId],
  );
}

/**
 * Posts the write scenarios added go, so every server and run reads the same data — and the same
 * indexes: the writes leave dead rows behind and entries in the search index's pending list
 * (GIN fastupdate), which every search then scans until a vacuum merges them. Autovacuum would,
 * at a time of its choosing; here it happens before the next server starts (seen: the bare twin,
 * measured after the product's writes, searched a third slower than the product before them).
 */
export async function removeWrittenPosts(client: pg.Client | string) {
  const own = typeof client === "string" ? new pg.Client({ connectionString: client }) : null;
  if (own) await own.connect();
  try {
    const sql = own ?? (client as pg.Client);
    const { rowCount } = await sql.query(`DELETE FROM "Post" WHERE "workspaceId" = $1 AND id NOT LIKE 'bench_post_%'`, [BENCH.workspaceId]);
    if (rowCount) await sql.query(`VACUUM (ANALYZE) "Post"`);
    // And what the writes left in the event log and the job queue (every write is an event, a job
    // for its consumers, and with endpoints its deliveries): left to pile up, the queue's table and
    // its dead rows grew by the hundred thousand and each run's writes cost more than the last's.
    await sql.query(`DELETE FROM "WebhookDelivery" WHERE "workspaceId" = $1`, [BENCH.workspaceId]);
    await sql.query(`DELETE FROM "Event" WHERE "workspaceId" = $1`, [BENCH.workspaceId]);
    await sql.query(`DELETE FROM ${JOB_SCHEMA}.job WHERE state IN ('completed', 'failed', 'cancelled')`).catch(() => undefined);
    await vacuumQueueTables(sql);
  } finally {
    await own?.end();
  }
}

async function vacuumQueueTables(sql: pg.Client) {
  for (const table of ['"WebhookDelivery"', '"Event"', `${JOB_SCHEMA}.job`]) await sql.query(`VACUUM (ANALYZE) ${table}`).catch(() => undefined);
}

/**
 * Vacuums the tables each write and delivery adds dead rows to, as autovacuum does on a deployed
 * database between whiles. This machine's PostgreSQL runs with autovacuum off (its CI setting):
 * without this, the queue tables' dead rows pile up through a run and each phase of the webhook
 * comparison would start from a worse table than the one before it.
 */
export async function vacuumChurnedTables(url: string) {
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  try {
    await vacuumQueueTables(sql);
    await sql.query(`VACUUM "Post"`);
  } finally {
    await sql.end();
  }
}

async function seedRows(client: pg.Client, posts: number) {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const ws = BENCH.workspaceId;
  await q("BEGIN");
  await q(`INSERT INTO "User" (id, email, name, "updatedAt", "emailVerifiedAt") VALUES ($1, 'bench-owner@example.test', 'Bench owner', now(), now())`, [BENCH.ownerId]);
  await q(`INSERT INTO "Workspace" (id, slug, name, plan, "portalPublished", "updatedAt") VALUES ($1, $2, 'Bench', 'PRO', true, now())`, [ws, BENCH.slug]);
  await q(`INSERT INTO "Membership" (id, "workspaceId", "userId", role, "updatedAt") VALUES ('bench_membership', $1, $2, 'OWNER', now())`, [ws, BENCH.ownerId]);
  await q(`INSERT INTO "Board" (id, "workspaceId", name, slug, "updatedAt") VALUES ($1, $2, 'Feedback', 'feedback', now())`, [BENCH.boardId, ws]);
  // Secondary indexes of Post are rebuilt after the load (see the top of this file).
  const { rows: indexes } = await q(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'Post' AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
  );
  for (const index of indexes) await q(`DROP INDEX "${index.indexname}"`);
  // Distinct timestamps one second apart; titles from a small vocabulary plus one word in a
  // thousand (`keyboard`) for the search scenario; tags with a long tail like real ones.
  await q(
    `INSERT INTO "Post" (id, "workspaceId", "boardId", "authorId", title, body, status, tags, "voteCount", "commentCount", "createdAt", "updatedAt")
     SELECT 'bench_post_' || lpad(i::text, 7, '0'), $1, $2, $3,
            'Feature request ' || i || ': ' || ($4::text[])[1 + i % 20] || ' ' || ($4::text[])[1 + (i / 20) % 20]
              || CASE WHEN i % 1000 = 7 THEN ' keyboard shortcuts' ELSE '' END,
            repeat('Please consider this idea; it would help our team a lot. ', 3),
            (enum_range(NULL::"PostStatus"))[1 + i % 6],
            ARRAY['tag' || (i % 100), 'area' || (i % 7), 'customer' || (i % 5000)],
            ((i::bigint * 7919) % 500)::int, i % 13,
            timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => i),
            timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => i)
     FROM generate_series(1, $5::int) AS i`,
    [ws, BENCH.boardId, BENCH.ownerId, WORDS, posts],
  );
  for (const index of indexes) await q(index.indexdef);
  await q(
    `INSERT INTO "Comment" (id, "workspaceId", "postId", "authorId", body, "createdAt", "updatedAt")
     SELECT 'bench_comment_' || i, $1, $2, $3, 'Comment number ' || i || ': we need this too.', timestamptz '2026-02-01' + make_interval(secs => i), now()
     FROM generate_series(1, 100) AS i`,
    [ws, BENCH.postId, BENCH.ownerId],
  );
  await q(`UPDATE "Post" SET "commentCount" = 100 WHERE id = $1`, [BENCH.postId]);
  await q(`INSERT INTO "TodoList" (id, "workspaceId", name, "updatedAt") VALUES ('bench_list', $1, 'Launch', now())`, [ws]);
  await q(
    `INSERT INTO "TodoItem" (id, "workspaceId", "listId", title, "completedAt", "createdAt", "updatedAt")
     SELECT 'bench_todo_' || i, $1, 'bench_list', 'Todo number ' || i, CASE WHEN i % 3 = 0 THEN now() END,
            timestamptz '2026-01-01' + make_interval(secs => i), now()
     FROM generate_series(1, 10000) AS i`,
    [ws],
  );
  await q(
    `INSERT INTO "StatusComponent" (id, "workspaceId", name, position, status, "updatedAt")
     SELECT 'bench_component_' || i, $1, 'Component ' || i, i, CASE WHEN i = 2 THEN 'degraded_performance' ELSE 'operational' END::"ComponentStatus", now()
     FROM generate_series(1, 8) AS i`,
    [ws],
  );
  await q(`INSERT INTO "Incident" (id, "workspaceId", title, status, impact, "updatedAt") VALUES ('bench_incident', $1, 'Slow API', 'investigating', 'minor', now())`, [ws]);
  await q(
    `INSERT INTO "IncidentUpdate" (id, "workspaceId", "incidentId", status, impact, message) VALUES ('bench_update', $1, 'bench_incident', 'investigating', 'minor', 'Looking into it.')`,
    [ws],
  );
  await q(`INSERT INTO "IncidentComponent" ("workspaceId", "incidentId", "componentId") VALUES ($1, 'bench_incident', 'bench_component_2')`, [ws]);
  await q("COMMIT");
  await q("VACUUM ANALYZE");
}

async function credentials(client: pg.Client, options: { apiKeySecret: string; nextAuthSecret: string }) {
  // A fresh key and session on every run: only the key's hash is stored, and the run needs the key.
  const apiKey = generateKey();
  await client.query(`DELETE FROM "ApiKey" WHERE "workspaceId" = $1`, [BENCH.workspaceId]);
  await client.query(
    `INSERT INTO "ApiKey" (id, "workspaceId", name, hint, hash, scopes, "createdById") VALUES ('bench_key', $1, 'bench', $2, $3, $4, $5)`,
    [BENCH.workspaceId, keyHint(apiKey), hashKey(apiKey, options.apiKeySecret), ["posts:read", "posts:write", "todos:read", "webhooks:read", "webhooks:write", "monitors:read", "monitors:write"], BENCH.ownerId],
  );
  // The visitor is made here rather than in seedRows, so a database kept with --skip-seed has one too.
  await client.query(
    `INSERT INTO "User" (id, email, name, "updatedAt", "emailVerifiedAt") VALUES ($1, 'bench-visitor@example.test', 'Bench visitor', now(), now()) ON CONFLICT DO NOTHING`,
    [BENCH.visitorId],
  );
  const session = async (userId: string, email: string, name: string) => {
    const sessionId = `bench_session_${userId}_${Date.now()}`;
    await client.query(`INSERT INTO "AuthSession" (id, "userId", "expiresAt") VALUES ($1, $2, now() + interval '1 day')`, [sessionId, userId]);
    const token = await encode({ token: { sub: userId, sid: sessionId, email, name }, secret: options.nextAuthSecret, maxAge: 86_400 });
    return `next-auth.session-token=${token}`;
  };
  return {
    apiKey,
    sessionCookie: await session(BENCH.ownerId, "bench-owner@example.test", "Bench owner"),
    visitorCookie: await session(BENCH.visitorId, "bench-visitor@example.test", "Bench visitor"),
  };
}
