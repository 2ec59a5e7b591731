import { describe, expect, it, vi } from "vitest";
import * as v1List from "@/app/api/v1/changelog/route";
import * as v1Item from "@/app/api/v1/changelog/[id]/route";
import * as publicList from "@/app/api/public/[workspace]/changelog/route";
import * as publicItem from "@/app/api/public/[workspace]/changelog/[id]/route";
import * as feed from "@/app/api/public/[workspace]/changelog/feed.xml/route";
import { PUBLIC_AUDIENCE, type MemberAudience } from "@/lib/platform/core/audience";
import { getReleaseNote } from "@/lib/domain/changelog/get-release-note";
import { listReleaseNotes } from "@/lib/domain/changelog/list-release-notes";
import { db } from "@/lib/platform/db/client";
import { scopedDb } from "@/lib/platform/db/scoped";
import { getPublicReleaseNote } from "@/lib/domain/changelog/get-release-note";
import { listPublicReleaseNotes } from "@/lib/domain/changelog/list-release-notes";
import { call } from "../support/api";
import { holdClock } from "../support/held-clock";
import { seedPortal } from "./fixtures";
import { get, getText } from "./request";

// A scheduled note is invisible to readers until its publishedAt and visible from that
// very instant, on every surface: public JSON, its page's read, the Atom feed and /api/v1. The
// portal pages read through the same list and get functions checked here.

// A read-only member, as a key with changelog:read reads: the readers look at the role, not the user.
const member: MemberAudience = { kind: "member", role: "VIEWER", userId: "reader" };

async function scheduled(aheadMs: number) {
  const portal = await seedPortal();
  const publishedAt = new Date(Date.now() + aheadMs);
  const note = await db.releaseNote.create({
    data: { workspaceId: portal.workspaceId, title: "Launch day", body: "It is **here**.", status: "published", publishedAt },
  });
  return { portal, note, publishedAt };
}

describe("a scheduled release note at its boundary", () => {
  it("is hidden 1 ms before publishedAt and shown exactly at it, by every read function", async () => {
    const { portal, note, publishedAt } = await scheduled(3_600_000);
    const scoped = scopedDb(portal.workspaceId);
    const before = new Date(publishedAt.getTime() - 1);
    const at = publishedAt;
    const publicIds = async (now: Date) => (await listPublicReleaseNotes(scoped, PUBLIC_AUDIENCE, { limit: 50 }, now)).data.map((row) => row.id);
    const keyIds = async (now: Date) => (await listReleaseNotes(scoped, member, { limit: 50, state: "published" }, now)).data.map((row) => row.id);

    expect(await publicIds(before)).not.toContain(note.id);
    expect(await keyIds(before)).not.toContain(note.id);
    await expect(getPublicReleaseNote(scoped, PUBLIC_AUDIENCE, note.id, before)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getReleaseNote(scoped, member, note.id, "published", before)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getReleaseNote(scoped, member, note.id, "scheduled", before)).status).toBe("scheduled");
    // Until then, every public answer says when it stops being true.
    expect((await listPublicReleaseNotes(scoped, PUBLIC_AUDIENCE, { limit: 50 }, before)).validUntil).toEqual(publishedAt);

    expect(await publicIds(at)).toContain(note.id);
    expect(await keyIds(at)).toContain(note.id);
    expect((await getPublicReleaseNote(scoped, PUBLIC_AUDIENCE, note.id, at)).data.id).toBe(note.id);
    expect((await getReleaseNote(scoped, member, note.id, "published", at)).status).toBe("published");
    expect((await listPublicReleaseNotes(scoped, PUBLIC_AUDIENCE, { limit: 50 }, at)).validUntil).toBeNull();
  });

  it("appears on the public JSON, the feed and /api/v1 when its time comes, even where the answer was cached before", async () => {
    // The clock is held, then moved to the instant the note goes live: the "before" reads land
    // before it however slowly the machine answers, and nothing waits for the time to come.
    holdClock();
    const { portal, note, publishedAt } = await scheduled(5_000);
    const params = { workspace: portal.slug };
    const key = await portal.tenant.key(["changelog:read"]);
    const reads = {
      list: async () => (await get(publicList.GET, `/api/public/${portal.slug}/changelog`, params)).json.data.map((row: { id: string }) => row.id),
      item: async () => (await get(publicItem.GET, `/api/public/${portal.slug}/changelog/${note.id}`, { ...params, id: note.id })).status,
      feed: async () => (await getText(feed.GET, `/api/public/${portal.slug}/changelog/feed.xml`, params)).text,
      v1: async () => (await call(v1List.GET, "GET", "/api/v1/changelog", { key })).json.data.map((row: { id: string }) => row.id),
      v1Item: async () => (await call(v1Item.GET, "GET", `/api/v1/changelog/${note.id}`, { key, params: { id: note.id } })).status,
    };

    const early = await get(publicList.GET, `/api/public/${portal.slug}/changelog`, params);
    expect(early.json.data.map((row: { id: string }) => row.id)).not.toContain(note.id);
    // Shared caches may keep this answer only until the note goes live, not the usual minute.
    expect(early.headers.get("cache-control")).toMatch(/^public, max-age=([0-5]), s-maxage=\1$/);
    expect(await reads.item()).toBe(404);
    expect(await reads.feed()).not.toContain("Launch day");
    expect(await reads.v1()).not.toContain(note.id);
    expect(await reads.v1Item()).toBe(404);
    // The list is now in the in-process cache; it must not outlive the boundary.
    expect((await get(publicList.GET, `/api/public/${portal.slug}/changelog`, params)).headers.get("x-cache")).toBe("HIT");

    vi.setSystemTime(publishedAt);

    expect(await reads.list()).toContain(note.id);
    expect(await reads.item()).toBe(200);
    expect(await reads.feed()).toContain("Launch day");
    expect(await reads.v1()).toContain(note.id);
    expect(await reads.v1Item()).toBe(200);
  });
});
