// The benchmark's yardstick: what this machine can do with no framework at all, for the three
// scenarios where that is meaningful. `GET /api/v1/posts?limit=20[&q=…]`: node:http plus a pg Pool, the same two statements the product runs (the key
// with its workspace plan and creator's membership, then the newest-first page of limit + 1 posts)
// and the same JSON body, byte for byte; `q` adds the product's search (lib/domain/posts/search.ts): the
// matches through the search index first, then the page by their ids or, past the cap, by the predicate.
// `GET /api/public/{slug}/status`: the bytes the product's cache would hold for it (the runner
// hands them over in BENCH_STATUS_FILE), served from memory as a cache hit would be. It skips
// everything else the product does (rate limit, validation, error envelope), so product/bare is
// the price of the whole stack.
//
//   PORT=… DATABASE_URL=… API_KEY_SECRET=… node --import tsx scripts/bench/bare-server.ts
import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { hashKey, isWellFormedKey } from "@/lib/domain/keys/format";
import { KEY_LOOKUP_SQL } from "@/lib/domain/keys/key-lookup-sql";
import { POST_SEARCH_VECTOR, SEARCH_HITS_CAP, searchTsQuery } from "@/lib/domain/posts/search";

const pageSql = (search: string) => `
    SELECT id, "workspaceId", "boardId", "authorId", "roadmapItemId", title, body, status::text AS status, tags,
           "voteCount", "commentCount", "mergedIntoId", "createdAt", "updatedAt"
    FROM "Post" WHERE "workspaceId" = $1${search}
    ORDER BY "createdAt" DESC, id DESC LIMIT $2`;
const PAGE_SQL = pageSql("");
// The search as lib/platform/db/scoped.ts sends it for a word with few matches (this one has 0.1%): the
// page from the matches, how many there were riding along (an empty page would ask again).
const FROM_HITS_SQL = pageSql("").replace(
  `FROM "Post"`,
  `FROM (SELECT *, (count(*) OVER ())::int AS "searchHits" FROM post_search_hits($1, to_tsquery('simple'::regconfig, $3), ${SEARCH_HITS_CAP + 1})) AS "Post"`,
);
const SEARCH_SQL = pageSql(` AND ${POST_SEARCH_VECTOR} @@ to_tsquery('simple'::regconfig, $3)`);

async function searchPage(workspaceId: string, limit: number, tsquery: string) {
  const hits = await pool.query<PostRow & { searchHits: number }>(FROM_HITS_SQL, [workspaceId, limit, tsquery]);
  if (hits.rows.length > 0 && hits.rows[0]!.searchHits <= SEARCH_HITS_CAP) return hits;
  return pool.query<PostRow>(SEARCH_SQL, [workspaceId, limit, tsquery]);
}

interface PostRow {
  id: string;
  boardId: string;
  authorId: string | null;
  roadmapItemId: string | null;
  mergedIntoId: string | null;
  title: string;
  body: string;
  status: string;
  tags: string[];
  voteCount: number;
  commentCount: number;
  createdAt: Date;
  updatedAt: Date;
}

const secret = process.env.API_KEY_SECRET!;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE) || 10 });

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function listPosts(req: http.IncomingMessage, res: http.ServerResponse) {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!key || !isWellFormedKey(key)) return send(res, 401, { success: false, code: "UNAUTHORIZED" });
  const keyRow = (await pool.query(KEY_LOOKUP_SQL, [hashKey(key, secret)])).rows[0];
  if (!keyRow || keyRow.revokedAt || !keyRow.role || !keyRow.scopes.includes("posts:read")) {
    return send(res, 401, { success: false, code: "UNAUTHORIZED" });
  }
  const params = new URL(req.url!, "http://x").searchParams;
  const limit = Number(params.get("limit") ?? 20);
  const q = params.get("q");
  const tsquery = q ? searchTsQuery(q) : null;
  const rows = (
    tsquery
      ? await searchPage(keyRow.workspaceId, limit + 1, tsquery)
      : await pool.query<PostRow>(PAGE_SQL, [keyRow.workspaceId, limit + 1])
  ).rows;
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  const nextCursor =
    hasMore && last
      ? Buffer.from(JSON.stringify({ s: "newest", v: last.createdAt.toISOString(), id: last.id })).toString("base64url")
      : null;
  send(res, 200, {
    success: true,
    // Its own object literal rather than the product's postView: the yardstick stays as lean as
    // plain code can be (the view's spread measured ~20 MiB more RSS here). run.ts refuses to
    // compare if the two bodies ever differ.
    data: page.map((post) => ({
      id: post.id,
      boardId: post.boardId,
      title: post.title,
      body: post.body,
      status: post.status,
      tags: post.tags,
      voteCount: post.voteCount,
      commentCount: post.commentCount,
      roadmapItemId: post.roadmapItemId,
      mergedIntoId: post.mergedIntoId,
      createdAt: post.createdAt.toISOString(),
      updatedAt: post.updatedAt.toISOString(),
      authorId: post.authorId,
    })),
    pagination: { nextCursor, hasMore },
  });
}

// The in-memory cache of public answers: path -> the product's status, headers and body bytes.
interface Cached {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
const publicCache = new Map<string, Cached>();
if (process.env.BENCH_STATUS_FILE) {
  const saved = JSON.parse(fs.readFileSync(process.env.BENCH_STATUS_FILE, "utf8")) as { path: string; status: number; headers: Record<string, string>; body: string };
  publicCache.set(saved.path, { status: saved.status, headers: saved.headers, body: Buffer.from(saved.body) });
}

const server = http.createServer((req, res) => {
  const cached = req.method === "GET" ? publicCache.get(req.url ?? "") : undefined;
  if (cached) {
    res.writeHead(cached.status, { ...cached.headers, "content-length": cached.body.length });
    return res.end(cached.body);
  }
  if (req.method !== "GET" || !req.url?.startsWith("/api/v1/posts")) return send(res, 404, { success: false, code: "NOT_FOUND" });
  listPosts(req, res).catch((error) => {
    console.error(error);
    send(res, 500, { success: false, code: "INTERNAL_ERROR" });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT) || 3300, "127.0.0.1", () => {
  console.log(`[bare] listening on http://127.0.0.1:${(server.address() as { port: number }).port}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => process.exit(0));
}
