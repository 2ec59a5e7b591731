import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, db } from "@/lib/platform/db/client";
import { scopedDb, type ScopedDb } from "@/lib/platform/db/scoped";
import { TENANT_MODELS } from "@/lib/platform/db/tenant-models";
import { PUBLIC_AUDIENCE, type MemberAudience } from "@/lib/platform/core/audience";
import { listBoards } from "@/lib/domain/boards/list-boards";
import { listReleaseNotes } from "@/lib/domain/changelog/list-release-notes";
import { NOTE_STATE_FILTERS } from "@/lib/domain/changelog/schemas";
import { countPostsByStatus } from "@/lib/domain/posts/count-posts-by-status";
import { listPosts } from "@/lib/domain/posts/list-posts";
import { listPublicBoardPosts } from "@/lib/domain/posts/list-posts";
import { listPublicBoards } from "@/lib/domain/boards/list-boards";
import { listPublicIncidents } from "@/lib/domain/status/list-incidents";
import { listPublicReleaseNotes } from "@/lib/domain/changelog/list-release-notes";
import { listPublicRoadmap } from "@/lib/domain/roadmap/list-roadmap-items";
import { getPublicPost } from "@/lib/domain/posts/get-post";
import { findPublicBoard, getPublicBoard } from "@/lib/domain/boards/get-board";
import { getRoadmapBoard } from "@/lib/domain/roadmap/get-roadmap-board";
import { getTeamPost } from "@/lib/domain/posts/get-team-post";
import { getTodoBoard } from "@/lib/domain/todos/get-todo-board";
import { getChangelogDashboard } from "@/lib/domain/changelog/get-changelog-dashboard";
import { listRoadmapItems } from "@/lib/domain/roadmap/list-roadmap-items";
import { listComponents } from "@/lib/domain/status/list-components";
import { listIncidents } from "@/lib/domain/status/list-incidents";
import { listTodos } from "@/lib/domain/todos/list-todos";
import { seedTenant } from "../support/api";

// Every documented filter and sort of every list endpoint must be served by an index. The real
// domain functions run against 100,000 rows per listed table (seeded with INSERT ... SELECT
// generate_series, a few seconds), through a pool that records each statement they send; each
// recorded SELECT is then EXPLAINed with its own parameters, and a sequential scan of a tenant
// table fails the test. A missing index shows here long before it shows in production. Tables
// that hold almost nothing (an empty maintenance schedule) are scanned, rightly, whatever their
// indexes; every table a list pages through is seeded with 100,000 rows, so only those count.
const ROWS = 100_000;
/** Tables whose lists are not paged here, or hold a few rows per workspace in many workspaces. */
const FEW_PER_WORKSPACE_ROWS = 20_000;
const SMALL_TABLE = 1_000;
const TENANT_TABLES = new Set(TENANT_MODELS.map((model) => `${model[0]!.toUpperCase()}${model.slice(1)}`));

let workspaceId = "";
let pool: pg.Pool;
let scoped: ScopedDb;
let owner: MemberAudience;
let recorded: { text: string; values: unknown[] }[] = [];
// Boards with an even number are public; post 2 sits on board 2 and has 100 comments.
const ids = { board: "plan_board_0", list: "plan_list_0", post: "plan_post_0000002" };

/** A pool that records what it is asked, for a Prisma client and the raw reader alike. */
function recordingPool(url: string): pg.Pool {
  const recording = new pg.Pool({ connectionString: url, max: 2 });
  const query = recording.query.bind(recording) as (...args: unknown[]) => Promise<unknown>;
  (recording as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (config: unknown, values?: unknown) => {
    const text = typeof config === "string" ? config : (config as { text: string }).text;
    const params = (typeof config === "string" ? values : ((config as { values?: unknown[] }).values ?? values)) as unknown[] | undefined;
    if (/^\s*SELECT/i.test(text)) recorded.push({ text, values: params ?? [] });
    return query(config, values);
  };
  return recording;
}

async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
  recorded = [];
  await run();
  const statements = recorded;
  expect(statements.length, "the function sent no SELECT").toBeGreaterThan(0);
  const plans: string[] = [];
  for (const { text, values } of statements) {
    const { rows } = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN ${text}`, values);
    plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
  return plans;
}

let tableRows = new Map<string, number>();

function seqScans(plan: string): string[] {
  return [...plan.matchAll(/Seq Scan on "?(\w+)"?/g)]
    .map((match) => match[1]!)
    .filter((table) => TENANT_TABLES.has(table) && (tableRows.get(table) ?? 0) > SMALL_TABLE);
}

async function expectIndexed(run: () => Promise<unknown>) {
  const plans = await plansOf(run);
  for (const plan of plans) expect(seqScans(plan), plan).toEqual([]);
  return plans.join("\n---\n");
}

async function seed(workspaceId: string, ownerId: string) {
  // Its own connection, without the pool's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS, 10 s):
  // loading 100,000 rows with their search vectors and GIN entries, and vacuuming them, can take
  // longer on a busy machine (seen in CI). The timeout guards requests, not fixtures.
  const loader = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await loader.connect();
  const sql = (text: string) =>
    loader.query(text.replaceAll(":ws", `'${workspaceId}'`).replaceAll(":owner", `'${ownerId}'`).replaceAll(":rows", String(ROWS)).replaceAll(":few", String(FEW_PER_WORKSPACE_ROWS)));
  // Boards, roadmap items and components are few per workspace by plan, but a table holds every
  // workspace's: 20,000 rows of which this workspace's few must be found through an index.
  await sql(`INSERT INTO "Workspace" (id, slug, name, "updatedAt") SELECT 'plan_ws_' || i, 'plan-ws-' || i, 'W', now() FROM generate_series(1, 1000) i`);
  await sql(`INSERT INTO "Board" (id, "workspaceId", name, slug, "isPublic", "updatedAt")
             SELECT 'plan_board_' || i, CASE WHEN i < 20 THEN :ws ELSE 'plan_ws_' || (1 + i % 1000) END, 'B' || i, 'b-' || i, i % 2 = 0, now()
             FROM generate_series(0, :few - 1) i`);
  await sql(`INSERT INTO "RoadmapItem" (id, "workspaceId", title, stage, position, "updatedAt")
             SELECT 'plan_item_' || i, CASE WHEN i < 50 THEN :ws ELSE 'plan_ws_' || (1 + i % 1000) END, 'Item ' || i,
                    (enum_range(NULL::"RoadmapStage"))[1 + i % 3], i, now()
             FROM generate_series(0, :few - 1) i`);
  await sql(`INSERT INTO "StatusComponent" (id, "workspaceId", name, position, "updatedAt")
             SELECT 'plan_component_' || i, CASE WHEN i < 10 THEN :ws ELSE 'plan_ws_' || (1 + i % 1000) END, 'C' || i, i, now()
             FROM generate_series(0, :few - 1) i`);
  // Posts, todos, release notes and incidents grow without a plan limit on paid plans: all 100,000
  // in this workspace, the worst case for a filter that an index does not serve.
  await sql(`INSERT INTO "Post" (id, "workspaceId", "boardId", title, body, status, tags, "voteCount", "commentCount", "mergedIntoId", "createdAt", "updatedAt")
             SELECT 'plan_post_' || lpad(i::text, 7, '0'), :ws, 'plan_board_' || (i % 20),
                    'Idea ' || i || ' ' || (ARRAY['dark', 'export', 'mobile', 'search', 'billing'])[1 + i % 5] || ' w' || (i % 1000),
                    'Body text ' || i || ' about ' || (ARRAY['speed', 'colour', 'access', 'api'])[1 + i % 4],
                    (enum_range(NULL::"PostStatus"))[1 + i % 6], ARRAY['tag' || (i % 50), 'area' || (i % 7), 'rare' || (i % 20000)],
                    (i * 7919) % 500, 0, NULL, timestamptz '2026-01-01' + make_interval(secs => i), now()
             FROM generate_series(1, :rows) i`);
  await sql(`INSERT INTO "Comment" (id, "workspaceId", "postId", body, "createdAt", "updatedAt")
             SELECT 'plan_comment_' || i, :ws, 'plan_post_' || lpad((1 + i % 1000)::text, 7, '0'), 'Comment ' || i,
                    timestamptz '2026-01-01' + make_interval(secs => i), now()
             FROM generate_series(1, :few) i`);
  await sql(`INSERT INTO "TodoList" (id, "workspaceId", name, "updatedAt")
             SELECT 'plan_list_' || i, CASE WHEN i < 10 THEN :ws ELSE 'plan_ws_' || (1 + i % 1000) END, 'List ' || i, now()
             FROM generate_series(0, :few - 1) i`);
  await sql(`INSERT INTO "TodoItem" (id, "workspaceId", "listId", title, "completedAt", "archivedAt", "createdAt", "updatedAt")
             SELECT 'plan_todo_' || i, :ws, 'plan_list_' || (i % 10), 'Todo ' || i,
                    CASE WHEN i % 3 = 0 THEN now() END, CASE WHEN i % 7 = 0 THEN now() END,
                    timestamptz '2026-01-01' + make_interval(secs => i), now()
             FROM generate_series(1, :rows) i`);
  await sql(`INSERT INTO "ReleaseNote" (id, "workspaceId", title, status, "publishedAt", "createdAt", "updatedAt")
             SELECT 'plan_note_' || i, :ws, 'Note ' || i, CASE WHEN i % 4 = 0 THEN 'draft' ELSE 'published' END::"ReleaseNoteStatus",
                    CASE WHEN i % 4 <> 0 THEN timestamptz '2026-01-01' + make_interval(secs => i) END,
                    timestamptz '2026-01-01' + make_interval(secs => i), now()
             FROM generate_series(1, :rows) i`);
  // Every note links one post: the changelog page's counts read only the listed notes' links.
  await sql(`INSERT INTO "ReleaseNotePost" ("workspaceId", "releaseNoteId", "postId")
             SELECT :ws, 'plan_note_' || i, 'plan_post_' || lpad(i::text, 7, '0') FROM generate_series(1, :rows) i`);
  await sql(`INSERT INTO "Incident" (id, "workspaceId", title, "resolvedAt", "createdAt", "updatedAt")
             SELECT 'plan_incident_' || i, :ws, 'Incident ' || i, CASE WHEN i % 50 <> 0 THEN now() END,
                    timestamptz '2026-01-01' + make_interval(secs => i), now()
             FROM generate_series(1, :rows) i`);
  await sql(`INSERT INTO "IncidentComponent" ("workspaceId", "incidentId", "componentId")
             SELECT :ws, 'plan_incident_' || i, 'plan_component_' || (i % 10) FROM generate_series(1, :few) i`);
  await sql(`INSERT INTO "ApiKey" (id, "workspaceId", name, hint, hash, scopes, "createdById")
             SELECT 'plan_key_' || i, 'plan_ws_' || (1 + i % 1000), 'k', 'wsk_…', md5(i::text) || md5((-i)::text), ARRAY['posts:read'], :owner
             FROM generate_series(1, :few) i`);
  // As autovacuum leaves a table: statistics, and a visibility map for index-only scans.
  await sql(`VACUUM ANALYZE "Board", "RoadmapItem", "StatusComponent", "Post", "Comment", "TodoList", "TodoItem", "ReleaseNote", "ReleaseNotePost", "Incident", "IncidentComponent", "ApiKey"`);
  await loader.end();
  const counts = await db.$queryRawUnsafe<{ relname: string; n: number }[]>(`SELECT relname, reltuples::int AS n FROM pg_class WHERE relkind = 'r'`);
  tableRows = new Map(counts.map((row) => [row.relname, row.n]));
}

beforeAll(async () => {
  // Query plans are PostgreSQL's: on embedded PGlite (no server found) this file fails, saying so.
  if (!process.env.DATABASE_URL) throw new Error("The query-plan test needs PostgreSQL: start it, or set TEST_DATABASE_URL (see vitest.config.ts).");
  const tenant = await seedTenant({ plan: "PRO", published: true });
  workspaceId = tenant.workspace.id;
  await seed(workspaceId, tenant.owner.id);
  owner = { kind: "member", role: "OWNER", userId: tenant.owner.id };
  pool = recordingPool(process.env.DATABASE_URL!);
  scoped = scopedDb(workspaceId, createPrismaClient({ kind: "postgres", url: process.env.DATABASE_URL! }, pool));
  // Seconds on an idle machine; minutes when the machine is shared with several test runs.
}, 300_000);

afterAll(async () => {
  await pool?.end();
});

const page = { limit: 20 } as const;

describe("query plans on 100,000 rows: no sequential scan of a tenant table", () => {
  describe("GET /api/v1/posts, the inbox and the portal's suggestions (listPosts)", () => {
    for (const sort of ["newest", "oldest", "top"] as const) {
      it(`sort=${sort}, alone and with each filter`, async () => {
        await expectIndexed(() => listPosts(scoped, owner, { ...page, sort }));
        await expectIndexed(() => listPosts(scoped, owner, { ...page, sort, boardId: ids.board }));
        await expectIndexed(() => listPosts(scoped, owner, { ...page, sort, status: "planned" }));
        await expectIndexed(() => listPosts(scoped, owner, { ...page, sort, tag: "tag7" }));
        await expectIndexed(() => listPosts(scoped, owner, { ...page, sort, q: "mobile w12" }));
      });
    }

    // A common tag is found fastest by walking the sort's index until the page is full; a rare or
    // absent one would walk it all, so the planner, told by the column's fuller statistics
    // (migration 20261123023500_post_search_index), switches to the GIN index. A search cannot
    // be left to the planner (it guesses every prefix at 2%): its matches are first taken from
    // the search index alone, at most SEARCH_HITS_CAP + 1, and a rare word's page is then read
    // from those matches alone (lib/domain/posts/search.ts).
    it("a rare tag goes through its GIN index; a rare word's page is read from its matches in the search index", async () => {
      expect(await expectIndexed(() => listPosts(scoped, owner, { ...page, sort: "newest", tag: "nowhere" }))).toMatch(/Post_tags_idx/);
      expect(await expectIndexed(() => listPosts(scoped, owner, { ...page, sort: "top", tag: "rare123" }))).toMatch(/Post_tags_idx/);
      for (const q of ["idea 4242", "nowhere", "nowh"]) {
        const plans = await expectIndexed(() => listPosts(scoped, owner, { ...page, sort: "newest", q }));
        // The page from the matches (and, when it is empty, how many matched).
        for (const plan of plans.split("\n---\n")) expect(plan).toMatch(/Function Scan on post_search_hits/);
      }
    });

    it("post_search_hits reads the search index only, even for a prefix the planner would walk", async () => {
      const { rows } = await pool.query<{ prosrc: string; proconfig: string[] }>(`SELECT prosrc, proconfig FROM pg_proc WHERE proname = 'post_search_hits'`);
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        for (const setting of rows[0]!.proconfig) {
          const [name, value] = setting.split("=");
          await client.query(`SELECT set_config($1, $2, true)`, [name, value]);
        }
        const body = rows[0]!.prosrc.replace(/\bworkspace_id\b/, "$1").replace(/\bquery\b/, "$2").replace(/\bcap\b/, "$3");
        for (const word of ["'nowhere':*", "'idea':*", "'idea' & '4242'"]) {
          const explained = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${body}`, [workspaceId, word, 2001]);
          const plan = explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
          expect(plan, plan).toMatch(/Bitmap Index Scan on "Post_search_idx"/);
          expect(seqScans(plan), plan).toEqual([]);
        }
      } finally {
        await client.query("ROLLBACK");
        client.release();
      }
    });

    it("the inbox's counts per status, with and without filters", async () => {
      await expectIndexed(() => countPostsByStatus(scoped, {}));
      await expectIndexed(() => countPostsByStatus(scoped, { boardId: ids.board, tag: "tag3", q: "dark" }));
    });
  });

  it("GET /api/v1/todos: every state, with and without a list", async () => {
    for (const state of ["all", "open", "completed", "archived"] as const) {
      await expectIndexed(() => listTodos(scoped, { ...page, state }));
      await expectIndexed(() => listTodos(scoped, { ...page, state, listId: ids.list }));
    }
  });

  it("GET /api/v1/changelog in every state, and the public changelog", async () => {
    for (const state of NOTE_STATE_FILTERS) await expectIndexed(() => listReleaseNotes(scoped, owner, { ...page, state }));
    await expectIndexed(() => listPublicReleaseNotes(scoped, PUBLIC_AUDIENCE, page));
  });

  it("GET /api/v1/status/incidents and the public incidents: every state", async () => {
    for (const state of ["all", "active", "resolved"] as const) {
      await expectIndexed(() => listIncidents(scoped, { ...page, state }));
      await expectIndexed(() => listPublicIncidents(scoped, { ...page, state }));
    }
  });

  it("GET /api/v1/boards (every visibility) and the public boards", async () => {
    for (const visibility of ["all", "public", "private"] as const) await expectIndexed(() => listBoards(scoped, owner, { ...page, visibility, state: "all" }));
    for (const state of ["open", "archived"] as const) await expectIndexed(() => listBoards(scoped, owner, { ...page, visibility: "all", state }));
    await expectIndexed(() => listPublicBoards(scoped, PUBLIC_AUDIENCE, page));
  });

  it("GET /api/v1/roadmap and the public roadmap: every stage", async () => {
    for (const stage of [undefined, "planned", "in_progress", "completed"] as const) {
      await expectIndexed(() => listRoadmapItems(scoped, owner, { ...page, stage }));
      await expectIndexed(() => listPublicRoadmap(scoped, PUBLIC_AUDIENCE, { ...page, stage }));
    }
  });

  it("GET /api/v1/status/components", async () => {
    await expectIndexed(() => listComponents(scoped, page));
  });

  it("the public board's posts: every sort, with a status", async () => {
    for (const sort of ["top", "newest", "oldest"] as const) {
      await expectIndexed(() => listPublicBoardPosts(scoped, PUBLIC_AUDIENCE, ids.board, { ...page, sort }));
      await expectIndexed(() => listPublicBoardPosts(scoped, PUBLIC_AUDIENCE, ids.board, { ...page, sort, status: "open" }));
    }
  });

  // A relation's _count makes Prisma aggregate every post of the table by parent, then join the
  // one parent asked for: no sequential scan when an index covers the grouping, but a million
  // posts read for one board. Each count must be bounded by its own parent's ids.
  it("a public board: found without reading its posts, and counted by its own posts alone", async () => {
    const found = await plansOf(() => findPublicBoard(scoped, PUBLIC_AUDIENCE, { id: ids.board }));
    expect(found.join("\n")).not.toMatch(/"Post"|\bPost\b/);
    const counted = (await expectIndexed(() => getPublicBoard(scoped, PUBLIC_AUDIENCE, { slug: "b-0" }))).split("\n---\n");
    const countPlan = counted.find((plan) => /\bPost\b/.test(plan));
    expect(countPlan).toMatch(/Index Cond: .*"boardId" = /);
    // Listing a board's posts checks the board the cheap way.
    const listed = await plansOf(() => listPublicBoardPosts(scoped, PUBLIC_AUDIENCE, ids.board, { ...page, sort: "newest" }));
    expect(listed.filter((plan) => /GroupAggregate|HashAggregate/.test(plan) && /\bPost\b/.test(plan))).toEqual([]);
  });

  it("the dashboard's post page counts the post's comments through the post's id", async () => {
    const actor = { ...owner, workspaceId, db: scoped };
    const plans = (await expectIndexed(() => getTeamPost(actor, ids.post))).split("\n---\n");
    const counts = plans.filter((plan) => /Aggregate/.test(plan) && /\bComment\b/.test(plan));
    expect(counts).toHaveLength(1);
    expect(counts[0]).toMatch(/Index Cond: \("postId" = /);
  });

  it("the changelog page counts each listed note's posts by the notes' ids", async () => {
    let answer: Awaited<ReturnType<typeof getChangelogDashboard>> | undefined;
    // Only the counts are checked here: the page's own order (drafts first, then newest) has no
    // index of its shape yet, and sorts the workspace's notes.
    const plans = await plansOf(async () => (answer = await getChangelogDashboard(scoped, "all")));
    const grouped = plans.filter((plan) => /Group Key: .*"releaseNoteId"/.test(plan));
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatch(/"releaseNoteId" = ANY/);
    expect(answer!.notes.length).toBeGreaterThan(0);
    expect(answer!.notes.every((note) => note.postCount === 1)).toBe(true);
  });

  it("the todos page counts each list's open items by the lists' ids", async () => {
    // The seeded items are all this workspace's, in ten lists, so reading a third of the table is
    // the planner's right choice here; what must hold is that only these lists' items are read.
    const plans = await plansOf(() => getTodoBoard(scoped, { listId: ids.list, state: "open" }));
    const grouped = plans.filter((plan) => /Group Key: .*"listId"/.test(plan));
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatch(/"listId" = ANY/);
    expect(grouped[0]).not.toMatch(/Join/);
  });

  it("the dashboard's roadmap board counts each item's posts through the item's ids", async () => {
    const plans = (await expectIndexed(() => getRoadmapBoard(scoped))).split("\n---\n");
    const countPlan = plans.find((plan) => /Aggregate/.test(plan) && /\bPost\b/.test(plan));
    expect(countPlan).toMatch(/"roadmapItemId" = ANY/);
  });

  it("a public post with its comments", async () => {
    await expectIndexed(() => getPublicPost(scoped, PUBLIC_AUDIENCE, ids.post));
  });

  it("a key is found by its hash through the unique index", async () => {
    const { rows } = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN SELECT * FROM "ApiKey" WHERE hash = $1`, ["0".repeat(64)]);
    expect(rows.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/Index Scan.*ApiKey_hash_key/);
  });
});
