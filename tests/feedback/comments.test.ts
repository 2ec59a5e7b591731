import { describe, expect, it } from "vitest";
import * as publicPost from "@/app/api/public/[workspace]/posts/[postId]/route";
import { addComment } from "@/lib/domain/comments/add-comment";
import { deleteComment, setCommentHidden } from "@/lib/domain/comments/moderate-comment";
import { replyAsTeam } from "@/lib/domain/comments/reply-as-team";
import { db } from "@/lib/platform/db/client";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { expectApiError } from "../support/actors";
import { call, seedBoard } from "../support/api";
import { countsOf, newUsers, seedFeedback, seedPost } from "./fixtures";

describe("the team's replies and moderation", () => {
  it("a member replies as the team, on private boards too; the portal marks the reply and leaves hidden comments out", async () => {
    const fb = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id);
    const [visitor] = await newUsers(1, "visitor");
    const privateBoard = await seedBoard(fb.workspaceId, { isPublic: false });
    const privatePost = await seedPost(fb.tenant, privateBoard.id);

    const mine = await addComment({ workspaceId: fb.workspaceId, postId: post.id, userId: visitor!.id, body: "Please!" });
    const reply = await replyAsTeam(fb.member, post.id, "  We are on it.  ");
    expect(reply).toMatchObject({ body: "We are on it.", isTeamReply: true, commentCount: 2 });
    expect(await replyAsTeam(fb.member, privatePost.id, "Internal note")).toMatchObject({ commentCount: 1 });
    await expectApiError(addComment({ workspaceId: fb.workspaceId, postId: privatePost.id, userId: visitor!.id, body: "sneak" }), "NOT_FOUND");

    await setCommentHidden(fb.admin, mine.id, true);
    expect(await countsOf(post.id)).toMatchObject({ commentCount: 1, visibleCommentRows: 1 });
    clearPublicCache();
    const shown = await call(publicPost.GET, "GET", "/x", { params: { workspace: fb.tenant.workspace.slug, postId: post.id } });
    expect(shown.status).toBe(200);
    expect(shown.json.data.commentCount).toBe(1);
    expect(shown.json.data.comments).toEqual([expect.objectContaining({ id: reply.id, body: "We are on it.", isTeamReply: true })]);

    await setCommentHidden(fb.admin, mine.id, true); // twice: still hidden, still counted once
    expect(await countsOf(post.id)).toMatchObject({ commentCount: 1 });
    await setCommentHidden(fb.admin, mine.id, false);
    expect(await countsOf(post.id)).toMatchObject({ commentCount: 2, visibleCommentRows: 2 });
    await deleteComment(fb.owner, mine.id);
    expect(await countsOf(post.id)).toMatchObject({ commentCount: 1, visibleCommentRows: 1 });
    await expectApiError(deleteComment(fb.owner, mine.id), "NOT_FOUND");
  });

  it("counts stay exact while comments arrive and others are hidden and deleted", async () => {
    const fb = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id);
    const users = await newUsers(20, "c");
    const first = await Promise.all(users.slice(0, 10).map((user) => addComment({ workspaceId: fb.workspaceId, postId: post.id, userId: user.id, body: "x" })));
    await Promise.all([
      ...users.slice(10).map((user) => addComment({ workspaceId: fb.workspaceId, postId: post.id, userId: user.id, body: "y" })),
      ...first.slice(0, 4).map((comment) => setCommentHidden(fb.admin, comment.id, true)),
      ...first.slice(4, 7).map((comment) => deleteComment(fb.admin, comment.id)),
      ...users.slice(0, 5).map(() => replyAsTeam(fb.member, post.id, "team")),
    ]);
    expect(await countsOf(post.id)).toMatchObject({ commentCount: 20 - 4 - 3 + 5, visibleCommentRows: 18 });
  });

  it("members reply but do not moderate; viewers do neither; another workspace cannot reach the comment", async () => {
    const fb = await seedFeedback();
    const other = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id);
    const comment = await replyAsTeam(fb.member, post.id, "hello");
    await expectApiError(replyAsTeam(fb.viewer, post.id, "viewer"), "FORBIDDEN");
    for (const actor of [fb.member, fb.viewer]) {
      await expectApiError(setCommentHidden(actor, comment.id, true), "FORBIDDEN");
      await expectApiError(deleteComment(actor, comment.id), "FORBIDDEN");
    }
    await expectApiError(setCommentHidden(other.admin, comment.id, true), "NOT_FOUND");
    await expectApiError(deleteComment(other.admin, comment.id), "NOT_FOUND");
    await expectApiError(replyAsTeam(other.admin, post.id, "foreign"), "NOT_FOUND");
    for (const body of ["", "   ", "x".repeat(5_001), "a\u0000b"]) await expectApiError(replyAsTeam(fb.member, post.id, body), "VALIDATION_ERROR");
    expect(await db.comment.findUniqueOrThrow({ where: { id: comment.id } })).toMatchObject({ hiddenAt: null });
    expect(await countsOf(post.id)).toMatchObject({ commentCount: 1 });
  });
});
