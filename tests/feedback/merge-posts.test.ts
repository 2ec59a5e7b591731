import { describe, expect, it } from "vitest";
import * as item from "@/app/api/v1/posts/[id]/route";
import { DomainError } from "@/lib/platform/core/errors";
import { addComment } from "@/lib/domain/comments/add-comment";
import { db } from "@/lib/platform/db/client";
import { mergePost } from "@/lib/domain/posts/merge-posts";
import { toggleVote } from "@/lib/domain/votes/toggle-vote";
import { expectApiError } from "../support/actors";
import { call } from "../support/api";
import { countsOf, newUsers, seedFeedback, seedPost, seedVoters } from "./fixtures";

describe("merging post B into post A", () => {
  it("moves votes (a voter of both counts once) and comments, closes B with mergedIntoId, and the API shows it", async () => {
    const fb = await seedFeedback();
    const a = await seedPost(fb.tenant, fb.board.id, { title: "Dark mode" });
    const b = await seedPost(fb.tenant, fb.board.id, { title: "Night theme", status: "planned" });
    const [both, onlyA, onlyB1, onlyB2] = await newUsers(4, "voter");
    await seedVoters(fb.workspaceId, a.id, [both!, onlyA!]);
    await seedVoters(fb.workspaceId, b.id, [both!, onlyB1!, onlyB2!]);
    await addComment({ workspaceId: fb.workspaceId, postId: b.id, userId: onlyB1!.id, body: "Me too" });
    await addComment({ workspaceId: fb.workspaceId, postId: a.id, userId: onlyA!.id, body: "Yes" });

    const result = await mergePost(fb.admin, b.id, a.id);
    expect(result.target).toMatchObject({ id: a.id, voteCount: 4, commentCount: 2, mergedIntoId: null });
    expect(result.source).toMatchObject({ id: b.id, status: "closed", mergedIntoId: a.id, voteCount: 0, commentCount: 0 });
    expect(await countsOf(a.id)).toEqual({ voteCount: 4, voteRows: 4, commentCount: 2, visibleCommentRows: 2 });
    expect(await countsOf(b.id)).toEqual({ voteCount: 0, voteRows: 0, commentCount: 0, visibleCommentRows: 0 });
    const voters = await db.vote.findMany({ where: { postId: a.id }, select: { userId: true } });
    expect(voters.map((vote) => vote.userId).sort()).toEqual([both!.id, onlyA!.id, onlyB1!.id, onlyB2!.id].sort());

    const key = await fb.tenant.key(["posts:read"]);
    const shown = await call(item.GET, "GET", `/api/v1/posts/${b.id}`, { key, params: { id: b.id } });
    expect(shown.status).toBe(200);
    expect(shown.json.data).toMatchObject({ id: b.id, status: "closed", mergedIntoId: a.id });
    const target = await call(item.GET, "GET", `/api/v1/posts/${a.id}`, { key, params: { id: a.id } });
    expect(target.json.data).toMatchObject({ mergedIntoId: null, voteCount: 4, commentCount: 2 });
    expect(target.json.data.comments.map((comment: { body: string }) => comment.body)).toEqual(["Me too", "Yes"]);
  });

  it("stays exact while votes and comments arrive on both posts during the merge", async () => {
    for (let round = 0; round < 3; round++) {
      const fb = await seedFeedback();
      const a = await seedPost(fb.tenant, fb.board.id, { title: "A" });
      const b = await seedPost(fb.tenant, fb.board.id, { title: "B" });
      const shared = await newUsers(5, "shared");
      await seedVoters(fb.workspaceId, a.id, shared);
      await seedVoters(fb.workspaceId, b.id, [...shared, ...(await newUsers(5, "bonly"))]);
      const newOnA = await newUsers(15, "newa");
      const newOnB = await newUsers(15, "newb");

      const attempt = (postId: string, userId: string) =>
        toggleVote({ workspaceId: fb.workspaceId, postId, userId, voted: true }).then(
          () => "voted" as const,
          (error: unknown) => {
            // A vote on B that waited for the merge is refused (B is merged), never lost on a closed post.
            expect(error).toBeInstanceOf(DomainError);
            expect((error as DomainError).code).toBe("CONFLICT");
            return "refused" as const;
          },
        );
      const comment = (postId: string, userId: string) =>
        addComment({ workspaceId: fb.workspaceId, postId, userId, body: "+1" }).then(
          () => "commented" as const,
          () => "refused" as const,
        );
      const outcomes = await Promise.all([
        ...newOnA.map((user) => attempt(a.id, user.id)),
        ...newOnB.slice(0, 7).map((user) => attempt(b.id, user.id)),
        mergePost(fb.admin, b.id, a.id).then(() => "merged" as const),
        ...newOnB.slice(7).map((user) => attempt(b.id, user.id)),
        ...newOnB.slice(0, 6).map((user) => comment(b.id, user.id)),
      ]);
      const votesOnA = outcomes.slice(0, 15);
      const votesOnB = [...outcomes.slice(15, 22), ...outcomes.slice(23, 31)];
      expect(votesOnA.every((outcome) => outcome === "voted")).toBe(true);
      const landedOnB = votesOnB.filter((outcome) => outcome === "voted").length;

      // Distinct voters: 5 shared + 5 only-B + 15 new on A + the new B voters who got in before the merge.
      const a1 = await countsOf(a.id);
      expect(a1.voteRows).toBe(25 + landedOnB);
      expect(a1.voteCount).toBe(a1.voteRows);
      expect(a1.commentCount).toBe(a1.visibleCommentRows);
      expect(await countsOf(b.id)).toEqual({ voteCount: 0, voteRows: 0, commentCount: 0, visibleCommentRows: 0 });
      const distinct = await db.vote.groupBy({ by: ["userId"], where: { postId: a.id } });
      expect(distinct).toHaveLength(a1.voteRows);
    }
  });

  it("a merged post receives no votes or comments and cannot be merged again; earlier merges follow it", async () => {
    const fb = await seedFeedback();
    const a = await seedPost(fb.tenant, fb.board.id, { title: "A" });
    const b = await seedPost(fb.tenant, fb.board.id, { title: "B" });
    const c = await seedPost(fb.tenant, fb.board.id, { title: "C" });
    const [visitor] = await newUsers(1, "visitor");
    await mergePost(fb.admin, c.id, b.id);
    await mergePost(fb.owner, b.id, a.id);
    expect((await db.post.findUniqueOrThrow({ where: { id: c.id } })).mergedIntoId).toBe(a.id);

    await expectApiError(toggleVote({ workspaceId: fb.workspaceId, postId: b.id, userId: visitor!.id, voted: true }), "CONFLICT");
    await expectApiError(addComment({ workspaceId: fb.workspaceId, postId: b.id, userId: visitor!.id, body: "hi" }), "CONFLICT");
    expect(await countsOf(b.id)).toEqual({ voteCount: 0, voteRows: 0, commentCount: 0, visibleCommentRows: 0 });
    await expectApiError(mergePost(fb.admin, b.id, a.id), "CONFLICT");
    await expectApiError(mergePost(fb.admin, b.id, c.id), "CONFLICT");
  });

  it("bad input: into itself, into a merged post, into another workspace's post or an unknown one; nothing is written", async () => {
    const fb = await seedFeedback();
    const other = await seedFeedback();
    const a = await seedPost(fb.tenant, fb.board.id, { title: "A" });
    const b = await seedPost(fb.tenant, fb.board.id, { title: "B" });
    const merged = await seedPost(fb.tenant, fb.board.id, { title: "Merged" });
    const foreign = await seedPost(other.tenant, other.board.id, { title: "Foreign" });
    await seedVoters(fb.workspaceId, b.id, await newUsers(2, "v"));
    await mergePost(fb.admin, merged.id, a.id);

    const self = await expectApiError(mergePost(fb.admin, b.id, b.id), "VALIDATION_ERROR");
    expect(self.details).toEqual([expect.objectContaining({ path: "targetId", message: "A post cannot be merged into itself." })]);
    const intoMerged = await expectApiError(mergePost(fb.admin, b.id, merged.id), "VALIDATION_ERROR");
    expect(intoMerged.details?.[0]).toMatchObject({ path: "targetId", code: "merged" });
    expect(intoMerged.details?.[0]?.message).toContain("Merge into that one");
    for (const targetId of [foreign.id, "no-such-post", "bad id!"]) {
      const missing = await expectApiError(mergePost(fb.admin, b.id, targetId), "NOT_FOUND");
      expect(missing.details?.[0]?.path).toBe("targetId");
    }
    // Another workspace's admin cannot merge this workspace's posts either way.
    await expectApiError(mergePost(other.admin, foreign.id, b.id), "NOT_FOUND");
    await expectApiError(mergePost(other.admin, b.id, foreign.id), "NOT_FOUND");
    expect(await countsOf(b.id)).toMatchObject({ voteCount: 2, voteRows: 2 });
    expect((await db.post.findUniqueOrThrow({ where: { id: b.id } })).mergedIntoId).toBeNull();
    expect((await db.post.findUniqueOrThrow({ where: { id: foreign.id } })).mergedIntoId).toBeNull();
  });

  it("only admins and owners merge (lib/domain/access/roles.ts)", async () => {
    const fb = await seedFeedback();
    const a = await seedPost(fb.tenant, fb.board.id);
    const b = await seedPost(fb.tenant, fb.board.id);
    for (const actor of [fb.member, fb.viewer]) await expectApiError(mergePost(actor, b.id, a.id), "FORBIDDEN");
    expect((await db.post.findUniqueOrThrow({ where: { id: b.id } })).mergedIntoId).toBeNull();
  });
});
