import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { PUBLIC_CACHE_CHANNEL, startPublicCacheListener, type PublicCacheListener } from "@/lib/platform/cache/public-cache-listener";
import { cacheKey } from "@/lib/platform/cache/namespaces";
import { getCached, putCached } from "@/lib/platform/cache/response-cache";
import { changeName } from "@/lib/domain/users/change-name";
import { createTestUser } from "../support/api";
import { seedPortal, type Portal } from "../public/fixtures";

// The listener over a real PostgreSQL: the migration's triggers send the notices, this process
// receives them on its own connection, as every instance of the production server does.
const postgres = process.env.DATABASE_URL;

// A second query asked of a connection while another waits is deprecated in pg (gone in pg 9).
const pgWarnings: string[] = [];
process.on("warning", (warning) => {
  if (warning.message.includes("already executing a query")) pgWarnings.push(warning.message);
});

let listener: PublicCacheListener;
let portal: Portal;

function store(slug: string, route = "board"): string {
  const key = cacheKey("public-answer", slug, { route });
  const now = Date.now();
  putCached(key, { status: 200, body: "cached", contentType: "text/html", etag: 'W/"x"', headers: {}, expiresAt: now + 60_000, validUntil: null }, now);
  return key;
}

async function until(check: () => boolean, ms = 2000): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe.skipIf(!postgres)("public cache listener", () => {
  beforeAll(async () => {
    portal = await seedPortal();
    listener = startPublicCacheListener({ url: postgres!, minBackoffMs: 50, maxBackoffMs: 200 });
    await listener.ready;
  });
  afterAll(() => listener?.stop());

  it("drops the changed workspace's entries, and only those, within 2 s of the commit", async () => {
    const other = await seedPortal();
    // The seeding's own notices arrive after it returns; let them land first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mine = store(portal.slug);
    const theirs = store(other.slug);
    await db.post.update({ where: { id: portal.post.id }, data: { title: "Renamed by another instance" } });
    await until(() => getCached(mine) === undefined);
    expect(getCached(theirs)?.body).toBe("cached");
  });

  it("drops on votes, comments, incidents, maintenance and release notes alike", async () => {
    const changes: (() => Promise<unknown>)[] = [
      () => db.post.update({ where: { id: portal.post.id }, data: { voteCount: { increment: 1 } } }),
      () => db.comment.create({ data: { workspaceId: portal.workspaceId, postId: portal.post.id, authorId: portal.author.id, body: "Me too" } }),
      () => db.incident.create({ data: { workspaceId: portal.workspaceId, title: "Down", impact: "major", status: "investigating" } }),
      () => db.maintenance.create({ data: { workspaceId: portal.workspaceId, title: "Upgrade", startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 7_200_000) } }),
      () => db.releaseNote.deleteMany({ where: { id: portal.draft.id } }),
    ];
    for (const change of changes) {
      const key = store(portal.slug);
      await change();
      await until(() => getCached(key) === undefined);
    }
  });

  it("notices that arrive together are all applied, one query at a time on its connection", async () => {
    const others = await Promise.all([seedPortal(), seedPortal(), seedPortal()]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const keys = others.map((other) => store(other.slug));
    // One statement: its notices reach the listener in one burst.
    await db.$executeRawUnsafe(
      `SELECT pg_notify($1, id) FROM unnest($2::text[]) AS id`,
      PUBLIC_CACHE_CHANNEL,
      others.map((other) => other.workspaceId),
    );
    await until(() => keys.every((key) => getCached(key) === undefined));
    // pg warns once per process, so the whole file's bursts are watched (seedings send them too).
    expect(pgWarnings).toEqual([]);
  });

  it("a renamed slug's old entries go at once, and so do an unpublished portal's", async () => {
    const other = await seedPortal();
    const old = store(other.slug);
    await db.workspace.update({ where: { id: other.workspaceId }, data: { slug: `${other.slug}-renamed` } });
    await until(() => getCached(old) === undefined);

    const renamed = store(`${other.slug}-renamed`);
    await db.workspace.update({ where: { id: other.workspaceId }, data: { portalPublished: false } });
    await until(() => getCached(renamed) === undefined);
  });

  it("an author's new name drops the workspaces where their posts and comments show, and only those", async () => {
    const other = await seedPortal();
    const commenter = await createTestUser("commenter");
    await db.comment.create({ data: { workspaceId: other.workspaceId, postId: other.post.id, authorId: commenter.id, body: "Same here" } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [mine, theirs] = [store(portal.slug), store(other.slug)];
    // The post's author wrote in this workspace only.
    expect(await changeName(portal.author.id, { name: "Renamed author" })).toMatchObject({ ok: true });
    await until(() => getCached(mine) === undefined);
    // Unchanged name: nothing to drop (the other workspace's entry outlives a notice's round trip).
    const again = store(portal.slug);
    await changeName(portal.author.id, { name: "Renamed author" });
    // The commenter's only words are a comment in the other workspace.
    await changeName(commenter.id, { name: "Renamed commenter" });
    await until(() => getCached(theirs) === undefined);
    expect(getCached(again)?.body).toBe("cached");
  });

  it("reconnects after losing its connection, starting from an empty cache, and keeps listening", async () => {
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    try {
      const survivor = store(`${portal.slug}-unrelated`);
      const { rows } = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'public-cache-listener' AND pid <> pg_backend_pid()",
      );
      expect(rows.length).toBeGreaterThan(0);
      await admin.query("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", [rows.map((row) => row.pid)]);
      // Whatever changed while the connection was down was missed: everything goes.
      await until(() => getCached(survivor) === undefined, 5000);
      const key = store(portal.slug);
      await db.post.update({ where: { id: portal.post.id }, data: { title: "After the reconnection" } });
      await until(() => getCached(key) === undefined);
    } finally {
      await admin.end();
    }
  });
});
