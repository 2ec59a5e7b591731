import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { addComment } from "@/lib/domain/comments/add-comment";
import { toggleVote } from "@/lib/domain/votes/toggle-vote";
import { createTestUser } from "../support/api";
import { seedPortal } from "./fixtures";

const voteCountOf = async (postId: string) => (await db.post.findUniqueOrThrow({ where: { id: postId } })).voteCount;

describe("visitor votes", () => {
  it("50 concurrent votes by 50 users give exactly 50", async () => {
    const portal = await seedPortal();
    const users = await Promise.all(Array.from({ length: 50 }, (_, i) => createTestUser(`voter${i}`)));
    const results = await Promise.all(
      users.map((user) => toggleVote({ workspaceId: portal.workspaceId, postId: portal.post.id, userId: user.id, voted: true })),
    );
    expect(results.every((result) => result.voted)).toBe(true);
    expect(await voteCountOf(portal.post.id)).toBe(50);
    expect(await db.vote.count({ where: { postId: portal.post.id } })).toBe(50);
    expect(Math.max(...results.map((result) => result.voteCount))).toBe(50);
  });

  it("the same user voting twice (or ten times) concurrently counts once", async () => {
    const portal = await seedPortal();
    const user = await createTestUser("double");
    const vote = () => toggleVote({ workspaceId: portal.workspaceId, postId: portal.post.id, userId: user.id, voted: true });
    const results = await Promise.all([vote(), vote()]);
    expect(results.map((result) => result.voted)).toEqual([true, true]);
    expect(await voteCountOf(portal.post.id)).toBe(1);
    await Promise.all(Array.from({ length: 10 }, vote));
    expect(await voteCountOf(portal.post.id)).toBe(1);
    expect(await db.vote.count({ where: { postId: portal.post.id } })).toBe(1);
  });

  it("withdrawing toggles it off once, concurrent withdrawals included, and the count never goes below zero", async () => {
    const portal = await seedPortal();
    const [a, b] = [await createTestUser("a"), await createTestUser("b")];
    const set = (userId: string, voted: boolean) => toggleVote({ workspaceId: portal.workspaceId, postId: portal.post.id, userId, voted });
    await set(a.id, true);
    await set(b.id, true);
    const withdrawn = await Promise.all([set(a.id, false), set(a.id, false), set(a.id, false)]);
    expect(withdrawn.every((result) => !result.voted)).toBe(true);
    expect(await voteCountOf(portal.post.id)).toBe(1);
    expect(await set(b.id, false)).toEqual({ voted: false, voteCount: 0 });
    expect(await set(b.id, false)).toEqual({ voted: false, voteCount: 0 });
    expect(await set(b.id, true)).toEqual({ voted: true, voteCount: 1 });
  });

  it("mixed concurrent votes and withdrawals keep the count equal to the rows", async () => {
    const portal = await seedPortal();
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => createTestUser(`mix${i}`)));
    const set = (userId: string, voted: boolean) => toggleVote({ workspaceId: portal.workspaceId, postId: portal.post.id, userId, voted });
    await Promise.all(users.slice(0, 10).map((user) => set(user.id, true)));
    await Promise.all(users.flatMap((user, i) => [set(user.id, i % 2 === 0), set(user.id, i % 3 === 0)]));
    expect(await voteCountOf(portal.post.id)).toBe(await db.vote.count({ where: { postId: portal.post.id } }));
  });

  it("a post on a private board, in another workspace, or unknown cannot be voted on", async () => {
    const portal = await seedPortal();
    const other = await seedPortal();
    const user = await createTestUser("sneaky");
    for (const [workspaceId, postId] of [
      [portal.workspaceId, portal.privatePost.id],
      [portal.workspaceId, other.post.id],
      [other.workspaceId, portal.post.id],
      [portal.workspaceId, "no-such-post"],
    ] as const) {
      await expect(toggleVote({ workspaceId, postId, userId: user.id, voted: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await db.vote.count({ where: { userId: user.id } })).toBe(0);
    expect(await voteCountOf(portal.privatePost.id)).toBe(0);
    expect(await voteCountOf(other.post.id)).toBe(0);
  });
});

describe("visitor comments", () => {
  it("30 concurrent comments give commentCount + 30 exactly", async () => {
    const portal = await seedPortal();
    const users = await Promise.all(Array.from({ length: 30 }, (_, i) => createTestUser(`c${i}`)));
    await Promise.all(users.map((user, i) => addComment({ workspaceId: portal.workspaceId, postId: portal.post.id, userId: user.id, body: `Comment ${i}` })));
    const post = await db.post.findUniqueOrThrow({ where: { id: portal.post.id } });
    expect(post.commentCount).toBe(31);
    expect(await db.comment.count({ where: { postId: portal.post.id } })).toBe(31);
  });

  it("refuses empty, oversized and NUL-carrying bodies, and private or foreign posts, writing nothing", async () => {
    const portal = await seedPortal();
    const other = await seedPortal();
    const user = await createTestUser("commenter");
    for (const body of ["   ", "x".repeat(5_001), "a\u0000b"]) {
      await expect(addComment({ workspaceId: portal.workspaceId, postId: portal.post.id, userId: user.id, body })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    }
    for (const postId of [portal.privatePost.id, other.post.id]) {
      await expect(addComment({ workspaceId: portal.workspaceId, postId, userId: user.id, body: "hi" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await db.comment.count({ where: { authorId: user.id } })).toBe(0);
    const created = await addComment({ workspaceId: portal.workspaceId, postId: portal.post.id, userId: user.id, body: "  <b>trimmed</b>  " });
    expect(created).toMatchObject({ body: "<b>trimmed</b>", commentCount: 2 });
  });
});
