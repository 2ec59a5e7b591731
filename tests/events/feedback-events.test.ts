import { describe, expect, it } from "vitest";
import { addComment } from "@/lib/domain/comments/add-comment";
import { deleteComment } from "@/lib/domain/comments/moderate-comment";
import { db } from "@/lib/platform/db/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import { createPost } from "@/lib/domain/posts/create-post";
import { deletePost } from "@/lib/domain/posts/delete-post";
import { mergePost } from "@/lib/domain/posts/merge-posts";
import { updatePost } from "@/lib/domain/posts/update-post";
import { setPostRoadmapItem } from "@/lib/domain/posts/set-post-roadmap-item";
import { postSchema } from "@/lib/domain/posts/view";
import { createRoadmapItem } from "@/lib/domain/roadmap/create-roadmap-item";
import { toggleVote } from "@/lib/domain/votes/toggle-vote";
import { seedBoard, seedTenant } from "../support/api";
import { actorOf } from "../support/actors";
import { eventsWithConsumeJobs, eventsOf } from "./support";

async function setup() {
  const tenant = await seedTenant({ published: true });
  const board = await seedBoard(tenant.workspace.id, { isPublic: true });
  const actor = await actorOf(tenant, tenant.owner);
  return { tenant, board, actor, workspaceId: tenant.workspace.id };
}

describe("events are recorded with their change", () => {
  it("an event and its consumers' jobs exist exactly when the transaction committed", async () => {
    const { workspaceId } = await setup();
    await expect(
      db.$transaction(async (tx) => {
        await recordEvent(tx, { workspaceId, type: "todo.created", data: { id: "x" } });
        throw new Error("the change failed after recording its event");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsOf(workspaceId)).toEqual([]);
    const committed = await db.$transaction((tx) => recordEvent(tx, { workspaceId, type: "todo.created", data: { id: "y" } }));
    expect((await eventsOf(workspaceId)).map((event) => event.id)).toEqual([committed.id]);
    expect(await eventsWithConsumeJobs([committed.id])).toHaveLength(1);
  });

  it("a refused change records nothing", async () => {
    const { actor, board, workspaceId } = await setup();
    const post = await createPost(actor, { boardId: board.id, title: "Dark mode" });
    // A form saved over a newer version is refused inside the transaction.
    await expect(updatePost(actor, post.id, { title: "Late" }, { expectedVersion: 99 })).rejects.toThrow("changed");
    expect((await eventsOf(workspaceId)).map((event) => event.type)).toEqual(["post.created"]);
  });

  it("posts: created, updated, status changed, merged, deleted, with the API's post as data", async () => {
    const { actor, board, workspaceId } = await setup();
    const post = await createPost(actor, { boardId: board.id, title: "Dark mode", body: "Please" });
    await updatePost(actor, post.id, { title: "Dark theme" });
    await updatePost(actor, post.id, { status: "planned" });
    const other = await createPost(actor, { boardId: board.id, title: "Night mode" });
    await mergePost(actor, other.id, post.id);
    await deletePost(actor, post.id);

    const events = await eventsOf(workspaceId);
    expect(events.map((event) => event.type)).toEqual(["post.created", "post.updated", "post.status_changed", "post.created", "post.merged", "post.deleted"]);
    for (const event of events) expect(postSchema.safeParse(event.data).success, event.type).toBe(true);
    expect(events[0]!.data).toMatchObject({ id: post.id, title: "Dark mode", status: "open" });
    expect(events[1]!.data).toMatchObject({ title: "Dark theme" });
    expect(events[1]!.previous).toMatchObject({ title: "Dark mode" });
    expect(events[2]!.data).toMatchObject({ status: "planned" });
    expect(events[2]!.previous).toEqual({ status: "open" });
    expect(events[4]!.data).toMatchObject({ id: other.id, mergedIntoId: post.id, status: "closed" });
    expect(events[5]!.data).toMatchObject({ id: post.id });
    expect(await eventsWithConsumeJobs(events.map((event) => event.id))).toHaveLength(events.length);
  });

  it("comments and votes", async () => {
    const { tenant, actor, board, workspaceId } = await setup();
    const post = await createPost(actor, { boardId: board.id, title: "Dark mode" });
    const visitor = await tenant.member("MEMBER", "visitor");
    const comment = await addComment({ workspaceId, postId: post.id, userId: visitor.id, body: "Yes please" });
    await deleteComment(actor, comment.id);
    await toggleVote({ workspaceId, postId: post.id, userId: visitor.id, voted: true });
    await toggleVote({ workspaceId, postId: post.id, userId: visitor.id, voted: true }); // already voted: no change, no event
    await toggleVote({ workspaceId, postId: post.id, userId: visitor.id, voted: false });

    const events = (await eventsOf(workspaceId)).filter((event) => event.type !== "post.created");
    expect(events.map((event) => event.type)).toEqual(["comment.created", "comment.deleted", "vote.created", "vote.deleted"]);
    expect(events[0]!.data).toMatchObject({ id: comment.id, postId: post.id, authorId: visitor.id, body: "Yes please", isTeamReply: false });
    expect(events[1]!.data).toMatchObject({ id: comment.id, postId: post.id });
    expect(events[2]!.data).toEqual({ postId: post.id, userId: visitor.id, voteCount: 1 });
    expect(events[3]!.data).toEqual({ postId: post.id, userId: visitor.id, voteCount: 0 });
  });

  it("linking a post to a roadmap item, and unlinking it, are post updates; linking it again to the same item is none", async () => {
    const { actor, board, workspaceId } = await setup();
    const post = await createPost(actor, { boardId: board.id, title: "Dark mode" });
    const item = await createRoadmapItem(actor, { title: "Themes", stage: "planned" });
    await setPostRoadmapItem(actor, post.id, item.id);
    await setPostRoadmapItem(actor, post.id, item.id);
    await setPostRoadmapItem(actor, post.id, null);

    const updates = (await eventsOf(workspaceId)).filter((event) => event.type === "post.updated");
    expect(updates.map((event) => [event.data.roadmapItemId, event.previous])).toEqual([
      [item.id, { roadmapItemId: null }],
      [null, { roadmapItemId: item.id }],
    ]);
    for (const event of updates) expect(postSchema.safeParse(event.data).success).toBe(true);
  });
});
