import { describe, expect, it } from "vitest";
import { listInbox } from "@/lib/domain/posts/list-inbox";
import { expectApiError } from "../support/actors";
import { seedBoard } from "../support/api";
import { newUsers, seedFeedback, seedPost } from "./fixtures";

describe("the posts inbox", () => {
  it("never shows another workspace's rows: not in pages, searches, tag or board filters, counts or authors", async () => {
    const fb = await seedFeedback();
    const other = await seedFeedback();
    const [theirAuthor] = await newUsers(1, "theirs");
    for (const title of ["Dark mode", "Export to CSV"]) {
      await seedPost(other.tenant, other.board.id, { title, tags: ["ui"], status: "planned", authorId: theirAuthor!.id });
    }
    const mine = await seedPost(fb.tenant, fb.board.id, { title: "Dark mode please", tags: ["ui"] });

    const queries = [
      { sort: "newest" as const, limit: 100 },
      { sort: "top" as const, limit: 100, q: "dark" },
      { sort: "oldest" as const, limit: 100, tag: "ui" },
      { sort: "newest" as const, limit: 100, status: "planned" as const },
      { sort: "newest" as const, limit: 100, boardId: other.board.id },
    ];
    for (const query of queries) {
      const inbox = await listInbox(fb.viewer, query);
      for (const post of inbox.data) expect(post.id).toBe(mine.id);
      expect(inbox.counts.all).toBe(query.status || query.boardId ? (query.boardId ? 0 : 1) : 1);
      expect(inbox.counts.planned).toBe(0);
    }
    expect(JSON.stringify(await listInbox(fb.viewer, { sort: "newest", limit: 100 }))).not.toContain(theirAuthor!.email);
  });

  it("counts per status under the other filters, and walks every page with the API's cursor", async () => {
    const fb = await seedFeedback();
    const second = await seedBoard(fb.workspaceId);
    const statuses = ["open", "open", "planned", "completed", "closed"] as const;
    for (const [i, status] of statuses.entries()) await seedPost(fb.tenant, fb.board.id, { title: `Search me ${i}`, status, createdAt: new Date(Date.now() - i * 1000) });
    await seedPost(fb.tenant, second.id, { title: "Search me elsewhere", status: "planned" });
    await seedPost(fb.tenant, fb.board.id, { title: "Unrelated", status: "open" });

    const filtered = await listInbox(fb.member, { sort: "newest", limit: 2, q: "search me", boardId: fb.board.id, status: "open" });
    expect(filtered.counts).toEqual({ all: 5, open: 2, under_review: 0, planned: 1, in_progress: 0, completed: 1, closed: 1 });
    expect(filtered.data.map((post) => post.title)).toEqual(["Search me 0", "Search me 1"]);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listInbox(fb.member, { sort: "newest", limit: 2, q: "search me", cursor });
      seen.push(...page.data.map((post) => post.title));
      cursor = page.pagination.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    await expectApiError(listInbox(fb.member, { sort: "top", limit: 2, cursor: "garbage" }), "VALIDATION_ERROR");
  });
});
