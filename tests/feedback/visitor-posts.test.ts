import { afterEach, describe, expect, it, vi } from "vitest";
import { toApiError } from "@/lib/surfaces/api/to-api-error";
import { db } from "@/lib/platform/db/client";
import { scopedDb } from "@/lib/platform/db/scoped";
import { PUBLIC_AUDIENCE } from "@/lib/platform/core/audience";
import { findSimilarPosts } from "@/lib/domain/posts/find-similar-posts";
import { listInbox } from "@/lib/domain/posts/list-inbox";
import { mergePost } from "@/lib/domain/posts/merge-posts";
import { submitVisitorPost } from "@/lib/domain/posts/submit-visitor-post";
import { VISITOR_POSTS } from "@/lib/domain/posts/visitor-limits";
import { expectApiError } from "../support/actors";
import { seedBoard } from "../support/api";
import { newUsers, seedFeedback, seedPost } from "./fixtures";

afterEach(() => {
  vi.useRealTimers();
});

describe("visitors' own posts on public boards", () => {
  it("a signed-in visitor's idea starts open, untagged, by them, and shows in the team's inbox", async () => {
    const fb = await seedFeedback();
    const [visitor] = await newUsers(1, "visitor");
    const posted = await submitVisitorPost(scopedDb(fb.workspaceId), { boardId: fb.board.id, userId: visitor!.id, title: "  CSV export ", body: "For reports" });
    expect(await db.post.findUniqueOrThrow({ where: { id: posted.id } })).toMatchObject({
      title: "CSV export",
      body: "For reports",
      status: "open",
      tags: [],
      authorId: visitor!.id,
      boardId: fb.board.id,
    });
    const inbox = await listInbox(fb.viewer, { sort: "newest", limit: 20, q: "csv" });
    expect(inbox.data).toEqual([expect.objectContaining({ id: posted.id, status: "open", author: { name: visitor!.email.split("-")[0], email: visitor!.email, sso: false, companies: [] } })]);
  });

  it("bad input: empty or over-long title, a private or foreign board; nothing written and no try used", async () => {
    const fb = await seedFeedback();
    const other = await seedFeedback();
    const privateBoard = await seedBoard(fb.workspaceId, { isPublic: false });
    const [visitor] = await newUsers(1, "visitor");
    const db1 = scopedDb(fb.workspaceId);
    for (const [title, body] of [["", ""], ["   ", ""], ["x".repeat(201), ""], ["ok", "b".repeat(10_001)], ["a\u0000b", ""]]) {
      await expectApiError(submitVisitorPost(db1, { boardId: fb.board.id, userId: visitor!.id, title: title!, body: body! }), "VALIDATION_ERROR");
    }
    for (const boardId of [privateBoard.id, other.board.id, "nope"]) {
      await expectApiError(submitVisitorPost(db1, { boardId, userId: visitor!.id, title: "Sneaky", body: "" }), "NOT_FOUND");
    }
    expect(await db.post.count({ where: { authorId: visitor!.id } })).toBe(0);
    // None of the refusals above used up the limit.
    for (let i = 0; i < VISITOR_POSTS.limit; i++) await submitVisitorPost(db1, { boardId: fb.board.id, userId: visitor!.id, title: `Idea ${i}`, body: "" });
  });

  it(`over the per-account limit (${VISITOR_POSTS.label}) the post is refused with a message saying when to try again`, async () => {
    // The limit counts in clock-aligned windows: a run that straddled a window's end would see the
    // earlier posts weigh less, or less than a minute left. Ten minutes into an hour, neither.
    const tenPast = new Date();
    tenPast.setUTCMinutes(10, 0, 0);
    vi.useFakeTimers({ now: tenPast, toFake: ["Date"] });
    const fb = await seedFeedback();
    const [flooder, neighbour] = await newUsers(2, "flood");
    const db1 = scopedDb(fb.workspaceId);
    for (let i = 0; i < VISITOR_POSTS.limit; i++) await submitVisitorPost(db1, { boardId: fb.board.id, userId: flooder!.id, title: `Spam ${i}`, body: "" });
    const refused = await expectApiError(submitVisitorPost(db1, { boardId: fb.board.id, userId: flooder!.id, title: "One more", body: "" }), "RATE_LIMITED");
    expect(refused.message).toBe("You can post 10 ideas an hour, and you have reached that. Try again in about 50 minutes.");
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(toApiError(refused, "req_test").headers?.["Retry-After"]).toBe(String(refused.retryAfterSeconds));
    expect(await db.post.count({ where: { authorId: flooder!.id } })).toBe(VISITOR_POSTS.limit);
    // Someone else is not held back by it.
    await submitVisitorPost(db1, { boardId: fb.board.id, userId: neighbour!.id, title: "My own idea", body: "" });
  });

  it("similar posts: public boards only, never merged, at most five, the most voted first, nothing for short text", async () => {
    const fb = await seedFeedback();
    const other = await seedFeedback();
    const privateBoard = await seedBoard(fb.workspaceId, { isPublic: false });
    for (let i = 0; i < 7; i++) await seedPost(fb.tenant, fb.board.id, { title: `Dark mode ${i}`, voteCount: i });
    await seedPost(fb.tenant, privateBoard.id, { title: "Dark mode (internal)", voteCount: 100 });
    await seedPost(other.tenant, other.board.id, { title: "Dark mode elsewhere", voteCount: 100 });
    const merged = await seedPost(fb.tenant, fb.board.id, { title: "Dark mode merged", voteCount: 50 });
    await mergePost(fb.admin, merged.id, (await seedPost(fb.tenant, fb.board.id, { title: "Unrelated" })).id);

    const similar = await findSimilarPosts(scopedDb(fb.workspaceId), PUBLIC_AUDIENCE, "dark MODE");
    expect(similar.map((post) => post.title)).toEqual(["Dark mode 6", "Dark mode 5", "Dark mode 4", "Dark mode 3", "Dark mode 2"]);
    expect(Object.keys(similar[0]!).sort()).toEqual(["commentCount", "id", "status", "title", "voteCount"]);
    expect(await findSimilarPosts(scopedDb(fb.workspaceId), PUBLIC_AUDIENCE, "da")).toEqual([]);
    expect(await findSimilarPosts(scopedDb(fb.workspaceId), PUBLIC_AUDIENCE, "x".repeat(201))).toEqual([]);
    expect(await findSimilarPosts(scopedDb(fb.workspaceId), PUBLIC_AUDIENCE, "100%")).toEqual([]);
  });
});
