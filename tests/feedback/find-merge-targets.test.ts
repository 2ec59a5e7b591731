import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { findMergeTargets } from "@/lib/domain/posts/find-merge-targets";
import { expectApiError } from "../support/actors";
import { seedFeedback, seedPost } from "./fixtures";

describe("posts a post could be merged into", () => {
  it("searches the workspace's posts, best voted first, never the post itself nor a merged one", async () => {
    const fb = await seedFeedback();
    const source = await seedPost(fb.tenant, fb.board.id, { title: "Dark mode please" });
    const popular = await seedPost(fb.tenant, fb.board.id, { title: "Dark mode", voteCount: 9 });
    const quiet = await seedPost(fb.tenant, fb.board.id, { title: "A dark mode toggle", voteCount: 1 });
    const mergedAway = await seedPost(fb.tenant, fb.board.id, { title: "Dark theme (dark mode)", voteCount: 5 });
    await seedPost(fb.tenant, fb.board.id, { title: "Export to CSV" });
    await db.post.update({ where: { id: mergedAway.id }, data: { mergedIntoId: popular.id, status: "closed" } });

    const found = await findMergeTargets(fb.admin, source.id, "  dark\u0000 mode ");
    expect(found.map((post) => post.id)).toEqual([popular.id, quiet.id]);
    expect(found[0]).toEqual({ id: popular.id, title: "Dark mode", status: "open", voteCount: 9, commentCount: 0, boardId: fb.board.id });
  });

  it("does not reach another workspace's posts", async () => {
    const fb = await seedFeedback();
    const other = await seedFeedback();
    const source = await seedPost(fb.tenant, fb.board.id, { title: "Dark mode please" });
    await seedPost(other.tenant, other.board.id, { title: "Dark mode" });
    expect(await findMergeTargets(fb.admin, source.id, "dark")).toEqual([]);
  });

  it("refuses a member, who may not merge posts", async () => {
    const fb = await seedFeedback();
    const source = await seedPost(fb.tenant, fb.board.id);
    await expectApiError(findMergeTargets(fb.member, source.id, "post"), "FORBIDDEN");
  });
});
