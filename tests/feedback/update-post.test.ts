import { describe, expect, it } from "vitest";
import * as item from "@/app/api/v1/posts/[id]/route";
import { db } from "@/lib/platform/db/client";
import { createPost } from "@/lib/domain/posts/create-post";
import { mergePost } from "@/lib/domain/posts/merge-posts";
import { setPostRoadmapItem } from "@/lib/domain/posts/set-post-roadmap-item";
import { StalePostError, updatePost } from "@/lib/domain/posts/update-post";
import { expectApiError } from "../support/actors";
import { call } from "../support/api";
import { seedFeedback, seedPost } from "./fixtures";

describe("editing a post: the stale-edit rule", () => {
  it("two tabs open on version v: the first save wins, the second is told and shown the current post, nothing overwritten", async () => {
    const fb = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id, { title: "Original", body: "Body" });
    const opened = post.version;

    const first = await updatePost(fb.member, post.id, { title: "Tab one", body: "Body", tags: ["ui"] }, { expectedVersion: opened });
    expect(first.title).toBe("Tab one");
    const error = await expectApiError(updatePost(fb.admin, post.id, { title: "Tab two", body: "Mine", tags: [] }, { expectedVersion: opened }), "CONFLICT");
    expect(error).toBeInstanceOf(StalePostError);
    expect((error as StalePostError).current).toMatchObject({ title: "Tab one", tags: ["ui"], version: opened + 1 });
    expect(error.message).toContain("Someone else changed this post");
    expect(await db.post.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ title: "Tab one", body: "Body", tags: ["ui"] });

    // Saving again on the version it was shown goes through.
    const retried = await updatePost(fb.admin, post.id, { title: "Tab two" }, { expectedVersion: opened + 1 });
    expect(retried.title).toBe("Tab two");
  });

  it("two saves racing on the same version: exactly one applies", async () => {
    const fb = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id, { title: "Original" });
    const outcomes = await Promise.allSettled(
      ["A", "B", "C", "D"].map((title) => updatePost(fb.member, post.id, { title }, { expectedVersion: post.version })),
    );
    const applied = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(applied).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === "rejected")) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(StalePostError);
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).version).toBe(post.version + 1);
  });

  it("an API PATCH (no version, as the contract has it) still applies, and makes an open dashboard form stale", async () => {
    const fb = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id, { title: "Original" });
    const key = await fb.tenant.key(["posts:write"]);
    const patched = await call(item.PATCH, "PATCH", `/api/v1/posts/${post.id}`, { key, params: { id: post.id }, body: { title: "From the API" } });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toMatchObject({ title: "From the API", mergedIntoId: null });
    expect(patched.json.data).not.toHaveProperty("version");
    await expectApiError(updatePost(fb.member, post.id, { title: "Stale form" }, { expectedVersion: post.version }), "CONFLICT");
    // A status change alone does not stale a form that edits the text.
    await updatePost(fb.member, post.id, { status: "planned" });
    expect((await updatePost(fb.member, post.id, { title: "Fresh form" }, { expectedVersion: post.version + 1 })).title).toBe("Fresh form");
  });
});

describe("editing a post: bad input and roles", () => {
  it("empty or over-long title, bad tags: a field error, nothing written", async () => {
    const fb = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id, { title: "Original" });
    for (const [input, field] of [
      [{ title: "   " }, "title"],
      [{ title: "x".repeat(201) }, "title"],
      [{ body: "b".repeat(10_001) }, "body"],
      [{ tags: ["no/slashes"] as string[] }, "tags"],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "tags"],
    ] as const) {
      const error = await expectApiError(updatePost(fb.member, post.id, input, { expectedVersion: post.version }), "VALIDATION_ERROR");
      expect(error.details?.[0]?.path.split(".")[0]).toBe(field);
    }
    expect(await db.post.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ title: "Original", version: post.version });
  });

  it("only the allowed status moves (lib/domain/posts/status-rules.ts); a merged post stays closed", async () => {
    const fb = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id, { status: "planned" });
    const backwards = await expectApiError(updatePost(fb.member, post.id, { status: "under_review" }), "VALIDATION_ERROR");
    expect(backwards.details?.[0]).toMatchObject({ path: "status", code: "invalid_transition" });
    expect(backwards.details?.[0]?.message).toBe("Cannot move a post from planned to under_review. Allowed: in_progress, completed, closed.");
    expect((await updatePost(fb.member, post.id, { status: "completed" })).status).toBe("completed");
    expect((await updatePost(fb.member, post.id, { status: "closed" })).status).toBe("closed");
    expect((await updatePost(fb.member, post.id, { status: "open" })).status).toBe("open");

    const target = await seedPost(fb.tenant, fb.board.id);
    await mergePost(fb.admin, post.id, target.id);
    const reopen = await expectApiError(updatePost(fb.admin, post.id, { status: "open" }), "VALIDATION_ERROR");
    expect(reopen.details?.[0]).toMatchObject({ path: "status", code: "merged" });
  });

  it("viewers change nothing; another workspace's post is not found", async () => {
    const fb = await seedFeedback();
    const other = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id);
    await expectApiError(updatePost(fb.viewer, post.id, { title: "Viewer" }), "FORBIDDEN");
    await expectApiError(createPost(fb.viewer, { boardId: fb.board.id, title: "Viewer", body: "", tags: [], status: "open" }), "FORBIDDEN");
    await expectApiError(updatePost(other.admin, post.id, { title: "Foreign" }), "NOT_FOUND");
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).title).toBe("A post");
  });
});

describe("linking a post to a roadmap item", () => {
  it("links and unlinks; an item of another workspace is not found; viewers cannot", async () => {
    const fb = await seedFeedback();
    const other = await seedFeedback();
    const post = await seedPost(fb.tenant, fb.board.id);
    const item = await db.roadmapItem.create({ data: { workspaceId: fb.workspaceId, title: "Dark mode" } });
    const foreignItem = await db.roadmapItem.create({ data: { workspaceId: other.workspaceId, title: "Theirs" } });

    expect((await setPostRoadmapItem(fb.member, post.id, item.id)).roadmapItemId).toBe(item.id);
    const foreign = await expectApiError(setPostRoadmapItem(fb.member, post.id, foreignItem.id), "NOT_FOUND");
    expect(foreign.details?.[0]?.path).toBe("roadmapItemId");
    await expectApiError(setPostRoadmapItem(fb.viewer, post.id, null), "FORBIDDEN");
    await expectApiError(setPostRoadmapItem(other.admin, post.id, foreignItem.id), "NOT_FOUND");
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).roadmapItemId).toBe(item.id);
    expect((await setPostRoadmapItem(fb.member, post.id, null)).roadmapItemId).toBeNull();
  });
});
