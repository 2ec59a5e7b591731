import { describe, expect, it } from "vitest";
import { addComment } from "@/lib/domain/comments/add-comment";
import { createBoard } from "@/lib/domain/boards/create-board";
import { deleteBoard } from "@/lib/domain/boards/delete-board";
import { listAllBoards } from "@/lib/domain/boards/list-all-boards";
import { updateBoard } from "@/lib/domain/boards/update-board";
import { db } from "@/lib/platform/db/client";
import { toggleVote } from "@/lib/domain/votes/toggle-vote";
import { expectApiError } from "../support/actors";
import { seedBoard } from "../support/api";
import { newUsers, seedFeedback, seedPost } from "./fixtures";

describe("boards from the dashboard", () => {
  it("creates, lists with post counts, edits; the slug is the caller's, checked and unique per workspace", async () => {
    const fb = await seedFeedback();
    const other = await seedFeedback();
    const created = await createBoard(fb.admin, { name: "  Feature requests ", slug: "features", description: "Ideas", isPublic: false });
    expect(created).toMatchObject({ name: "Feature requests", slug: "features", description: "Ideas", isPublic: false, postCount: 0 });
    await seedPost(fb.tenant, created.id);
    // The same slug in another workspace is fine.
    await createBoard(other.admin, { name: "Features", slug: "features" });

    const listed = await listAllBoards(fb.admin.db);
    expect(listed.map((board) => [board.slug, board.postCount])).toEqual([
      [fb.board.slug, 0],
      ["features", 1],
    ]);
    const edited = await updateBoard(fb.admin, created.id, { name: "Requests", isPublic: true });
    expect(edited).toMatchObject({ name: "Requests", slug: "features", isPublic: true, postCount: 1 });
  });

  it("bad input: empty or over-long name, a malformed slug, a taken slug (a field error, on create and on rename)", async () => {
    const fb = await seedFeedback({ plan: "PRO" });
    for (const [input, field] of [
      [{ name: "  ", slug: "ok-slug" }, "name"],
      [{ name: "x".repeat(61), slug: "ok-slug" }, "name"],
      [{ name: "Bad\u0000", slug: "ok-slug" }, "name"],
      [{ name: "Ok", slug: "Not OK" }, "slug"],
      [{ name: "Ok", slug: "-edge" }, "slug"],
      [{ name: "Ok", slug: "a" }, "slug"],
      [{ name: "Ok", slug: "ok", description: "d".repeat(281) }, "description"],
    ] as const) {
      const error = await expectApiError(createBoard(fb.admin, input), "VALIDATION_ERROR");
      expect(error.details?.map((detail) => detail.path)).toContain(field);
    }
    const taken = await expectApiError(createBoard(fb.admin, { name: "Dup", slug: fb.board.slug }), "CONFLICT");
    expect(taken.details).toEqual([expect.objectContaining({ path: "slug", message: "Another board of this workspace already uses this slug." })]);
    const second = await createBoard(fb.admin, { name: "Second", slug: "second" });
    const renamed = await expectApiError(updateBoard(fb.admin, second.id, { slug: fb.board.slug }), "CONFLICT");
    expect(renamed.details?.[0]?.path).toBe("slug");
    expect(await db.board.count({ where: { workspaceId: fb.workspaceId } })).toBe(2);
  });

  it("the Free plan's third board is the last; the fourth is refused with PLAN_LIMIT", async () => {
    const fb = await seedFeedback();
    await createBoard(fb.owner, { name: "Two", slug: "two" });
    await createBoard(fb.owner, { name: "Three", slug: "three" });
    const refused = await expectApiError(createBoard(fb.owner, { name: "Four", slug: "four" }), "PLAN_LIMIT");
    expect(refused.message).toContain("3 boards");
  });

  it("only admins and owners create, edit or delete boards", async () => {
    const fb = await seedFeedback();
    for (const actor of [fb.member, fb.viewer]) {
      await expectApiError(createBoard(actor, { name: "Nope", slug: "nope" }), "FORBIDDEN");
      await expectApiError(updateBoard(actor, fb.board.id, { name: "Nope" }), "FORBIDDEN");
      await expectApiError(deleteBoard(actor, fb.board.id), "FORBIDDEN");
    }
    expect(await db.board.findUnique({ where: { id: fb.board.id } })).toMatchObject({ name: fb.board.name });
  });

  it("deleting a board removes its posts with their votes and comments, and nothing of another board or workspace", async () => {
    const fb = await seedFeedback();
    const other = await seedFeedback();
    const kept = await seedBoard(fb.workspaceId);
    const [u1, u2] = await newUsers(2, "voter");
    const doomed = [await seedPost(fb.tenant, fb.board.id), await seedPost(fb.tenant, fb.board.id)];
    const survivors = [await seedPost(fb.tenant, kept.id), await seedPost(other.tenant, other.board.id)];
    for (const post of [...doomed, ...survivors]) {
      const workspaceId = post.workspaceId;
      for (const user of [u1!, u2!]) {
        await toggleVote({ workspaceId, postId: post.id, userId: user.id, voted: true });
        await addComment({ workspaceId, postId: post.id, userId: user.id, body: "hi" });
      }
    }
    expect(await deleteBoard(fb.admin, fb.board.id, { expectedPostCount: 2 })).toMatchObject({ deletedPosts: 2 });

    const doomedIds = doomed.map((post) => post.id);
    expect(await db.post.count({ where: { id: { in: doomedIds } } })).toBe(0);
    expect(await db.vote.count({ where: { postId: { in: doomedIds } } })).toBe(0);
    expect(await db.comment.count({ where: { postId: { in: doomedIds } } })).toBe(0);
    for (const post of survivors) {
      expect(await db.post.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ voteCount: 2, commentCount: 2 });
      expect(await db.vote.count({ where: { postId: post.id } })).toBe(2);
      expect(await db.comment.count({ where: { postId: post.id } })).toBe(2);
    }
    expect(await db.board.count({ where: { id: { in: [kept.id, other.board.id] } } })).toBe(2);
  });

  it("deleting one board from two tabs at once: one deletes it, the other is told it is already gone", async () => {
    const fb = await seedFeedback();
    await seedPost(fb.tenant, fb.board.id);
    const outcomes = await Promise.allSettled([deleteBoard(fb.admin, fb.board.id), deleteBoard(fb.owner, fb.board.id)]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "NOT_FOUND", message: "This board was already deleted." });
    await expectApiError(updateBoard(fb.admin, fb.board.id, { name: "Gone" }), "NOT_FOUND");
  });

  it("a delete confirmed for fewer posts than the board now holds deletes nothing and says so", async () => {
    const fb = await seedFeedback();
    await seedPost(fb.tenant, fb.board.id);
    await seedPost(fb.tenant, fb.board.id);
    const refused = await expectApiError(deleteBoard(fb.admin, fb.board.id, { expectedPostCount: 1 }), "CONFLICT");
    expect(refused.message).toContain("now holds 2 posts, not 1");
    expect(await db.post.count({ where: { boardId: fb.board.id } })).toBe(2);
  });
});
