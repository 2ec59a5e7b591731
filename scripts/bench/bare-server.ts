// The benchmark's yardstick: what this machine can do for `GET /api/v1/posts?limit=20` with no
// framework at all. node:http plus a pg Pool, the same two statements the product runs (the key
// with its workspace plan and creator's membership, then the newest-first page of limit + 1 posts)
// and the same JSON body, byte for byte. It skips everything else the product does (rate limit,
// validation, error envelope), so product/bare is the price of the whole stack.
//
//   PORT=… DATABASE_URL=… API_KEY_SECRET=… node --import tsx scripts/bench/bare-server.ts
import http from "node:http";
import pg from "pg";
import { hashKey, isWellFormedKey } from "@/lib/keys/format";
import { KEY_LOOKUP_SQL } from "@/lib/keys/key-lookup-sql";

const PAGE_SQL = `
    SELECT id, "workspaceId", "boardId", "authorId", "roadmapItemId", title, body, status::text AS status, tags,
           "voteCount", "commentCount", "createdAt", "updatedAt"
    FROM "Post" WHERE "workspaceId" = $1
    ORDER BY "createdAt" DESC, id DESC LIMIT $2`;

interface PostRow {
  id: string;
  boardId: string;
  authorId: string | null;
  roadmapItemId: string | null;
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
  const limit = Number(new URL(req.url!, "http://x").searchParams.get("limit") ?? 20);
  const rows = (await pool.query<PostRow>(PAGE_SQL, [keyRow.workspaceId, limit + 1])).rows;
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
      createdAt: post.createdAt.toISOString(),
      updatedAt: post.updatedAt.toISOString(),
      authorId: post.authorId,
    })),
    pagination: { nextCursor, hasMore },
  });
}

const server = http.createServer((req, res) => {
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
