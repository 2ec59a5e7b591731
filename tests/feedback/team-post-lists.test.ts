import { describe, expect, it } from "vitest";
import { getTeamPost, TEAM_FIRST_SHOWN } from "@/lib/domain/posts/get-team-post";
import { db } from "@/lib/platform/db/client";
import { newUsers, seedFeedback, seedPost } from "./fixtures";

// The dashboard's post page lists 50 comments and 50 voters, and all of them (up to the page's
// limits) once "Show more" asks (?comments=all, ?voters=all); the totals it shows count every row.
describe("a post's comments and voters on the team's page", () => {
  it("lists the first 50 of 120 comments and the latest 50 of 60 voters, all of them when asked, with true totals", async () => {
    const fb = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id);
    const voters = await newUsers(60, "voter");
    const start = Date.parse("2026-03-01T00:00:00Z");
    await db.vote.createMany({ data: voters.map((user, i) => ({ workspaceId: fb.workspaceId, postId: post.id, userId: user.id, createdAt: new Date(start + i * 1000) })) });
    await db.post.update({ where: { id: post.id }, data: { voteCount: voters.length } });
    await db.comment.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        workspaceId: fb.workspaceId,
        postId: post.id,
        authorId: voters[i % voters.length]!.id,
        body: `Comment ${i + 1}`,
        createdAt: new Date(start + i * 1000),
      })),
    });
    // The oldest voter (not among the latest 50) and the newest each bring a company.
    const company = (externalId: string, monthlySpend: number) => db.ssoCompany.create({ data: { workspaceId: fb.workspaceId, externalId, name: externalId, monthlySpend } });
    const [early, late] = await Promise.all([company("early", 1000.5), company("late", 200)]);
    await db.ssoUserCompany.createMany({ data: [{ userId: voters[0]!.id, companyId: early.id }, { userId: voters[59]!.id, companyId: late.id }] });

    const first = await getTeamPost(fb.member, post.id);
    expect(TEAM_FIRST_SHOWN).toBe(50);
    expect(first.comments.map((comment) => comment.body)).toEqual(Array.from({ length: 50 }, (_, i) => `Comment ${i + 1}`));
    expect(first.totalComments).toBe(120);
    expect(first.comments[0]).toEqual({ id: expect.any(String), body: "Comment 1", isTeamReply: false, author: "voter0", hiddenAt: null, createdAt: expect.any(String) });
    expect(first.voters).toHaveLength(50);
    expect(first.voters[0]!.user.name).toBe("voter59");
    expect(first.moreVoters).toBe(true);
    expect(first.voteCount).toBe(60);
    // What every voter's company pays, the unlisted oldest voter's included.
    expect(first.voterSpend).toBe(1200.5);

    const all = await getTeamPost(fb.member, post.id, { allComments: true, allVoters: true });
    expect(all.comments.map((comment) => comment.body)).toEqual(Array.from({ length: 120 }, (_, i) => `Comment ${i + 1}`));
    expect(all.totalComments).toBe(120);
    expect(all.voters).toHaveLength(60);
    expect(all.moreVoters).toBe(false);
    expect(all.voterSpend).toBe(1200.5);

    // Each list on its own.
    const commentsOnly = await getTeamPost(fb.member, post.id, { allComments: true });
    expect([commentsOnly.comments.length, commentsOnly.voters.length]).toEqual([120, 50]);
  });

  it("a post with few comments and voters lists them all and says there are no more", async () => {
    const fb = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id);
    const [voter] = await newUsers(1, "only");
    await db.vote.create({ data: { workspaceId: fb.workspaceId, postId: post.id, userId: voter!.id } });
    await db.comment.create({ data: { workspaceId: fb.workspaceId, postId: post.id, authorId: voter!.id, body: "Hi" } });
    const shown = await getTeamPost(fb.member, post.id);
    expect([shown.comments.length, shown.totalComments, shown.voters.length, shown.moreVoters, shown.voterSpend]).toEqual([1, 1, 1, false, 0]);
  });
});
