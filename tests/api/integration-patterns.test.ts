import { describe, expect, it } from "vitest";
import * as posts from "@/app/api/v1/posts/route";
import * as votes from "@/app/api/v1/posts/[id]/votes/route";
import * as comments from "@/app/api/v1/posts/[id]/comments/route";
import * as votesBulk from "@/app/api/v1/votes/bulk/route";
import * as roadmap from "@/app/api/v1/roadmap/route";
import * as roadmapItem from "@/app/api/v1/roadmap/[id]/route";
import * as roadmapMove from "@/app/api/v1/roadmap/[id]/move/route";
import { db } from "@/lib/platform/db/client";
import { call, createTestUser, seedBoard, seedTenant } from "../support/api";
import { expectError } from "../support/endpoint-checklist";

// The integration patterns of docs/api.md, request for request as its curl lines send them, so the
// guide stays true.

describe("docs/api.md integration patterns", () => {
  it("sync a CRM's customers' votes: a vote by address (retried safely), withdrawn, a batch by address and CRM id, then what changed", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "CSV export" } });
    const jane = await createTestUser("jane");
    const key = await tenant.key(["posts:read", "posts:write"]);
    const lastRun = new Date(Date.now() - 1000).toISOString();

    const vote = () =>
      call(votes.POST, "POST", `/api/v1/posts/${post.id}/votes`, { key, params: { id: post.id }, headers: { "Idempotency-Key": `crm-deal-1-${post.id}` }, body: { email: jane.email } });
    expect((await vote()).json.data).toMatchObject({ voted: true, voteCount: 1 });
    const replay = await vote();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.data.voteCount).toBe(1);
    const withdrawn = await call(votes.DELETE, "DELETE", `/api/v1/posts/${post.id}/votes`, { key, params: { id: post.id }, query: { email: jane.email } });
    expect(withdrawn.json.data).toMatchObject({ voted: false, voteCount: 0 });

    // A customer the CRM recorded on an earlier run, who no longer wants the other post.
    const other = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Dark mode" } });
    await call(votes.POST, "POST", `/api/v1/posts/${other.id}/votes`, { key, params: { id: other.id }, body: { externalId: "crm-contact-512" } });
    const bulk = await call(votesBulk.POST, "POST", "/api/v1/votes/bulk", {
      key,
      headers: { "Idempotency-Key": "crm-run-1-1" },
      body: {
        items: [
          { postId: post.id, email: jane.email },
          { postId: post.id, externalId: "crm-contact-881" },
          { postId: other.id, externalId: "crm-contact-512", voted: false },
        ],
      },
    });
    expect(bulk.json.data.map((item: { voted: boolean; voteCount: number }) => [item.voted, item.voteCount])).toEqual([
      [true, 1],
      [true, 2],
      [false, 0],
    ]);

    await db.post.update({ where: { id: post.id }, data: { title: "CSV and XLSX export" } });
    const changed = await call(posts.GET, "GET", "/api/v1/posts", { key, query: { updatedSince: lastRun, limit: "100" } });
    const rows = changed.json.data.map((row: { id: string; voteCount: number }) => [row.id, row.voteCount]);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(expect.arrayContaining([[post.id, 2], [other.id, 0]]));
  });

  it("post from a support tool: the ticket's post, retried without a second one, and the customer's comment on it", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const jane = await createTestUser("jane");
    const key = await tenant.key(["posts:write"]);
    const file = () => call(posts.POST, "POST", "/api/v1/posts", { key, headers: { "Idempotency-Key": "ticket-4711" }, body: { boardId: board.id, title: "Export to CSV" } });
    const created = await file();
    expect(created.status).toBe(201);
    expect((await file()).json.data.id).toBe(created.json.data.id);
    const postId = created.json.data.id as string;
    const comment = await call(comments.POST, "POST", `/api/v1/posts/${postId}/comments`, {
      key,
      params: { id: postId },
      headers: { "Idempotency-Key": "ticket-4711-comment" },
      body: { body: "We need this for month-end.", author: { email: jane.email } },
    });
    expect(comment.json.data).toMatchObject({ authorId: jane.id, isTeamReply: false });
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1);
  });

  it("mirror the roadmap: what changed, an item's ETag, an edit that applies only on that version, a move", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["roadmap:read", "roadmap:write"]);
    const lastRun = new Date(Date.now() - 1000).toISOString();
    const item = await db.roadmapItem.create({ data: { workspaceId: tenant.workspace.id, title: "SSO", stage: "planned", position: 1 } });
    const listed = await call(roadmap.GET, "GET", "/api/v1/roadmap", { key, query: { updatedSince: lastRun, limit: "100" } });
    expect(listed.json.data.map((row: { id: string }) => row.id)).toEqual([item.id]);
    const etag = (await call(roadmapItem.GET, "GET", `/api/v1/roadmap/${item.id}`, { key, params: { id: item.id } })).headers.get("etag")!;
    const edit = (ifMatch: string) =>
      call(roadmapItem.PATCH, "PATCH", `/api/v1/roadmap/${item.id}`, { key, params: { id: item.id }, headers: { "If-Match": ifMatch }, body: { title: "Single sign-on (SAML)" } });
    expect((await edit(etag)).status).toBe(200);
    expectError(await edit(etag), 412, "PRECONDITION_FAILED");
    const moved = await call(roadmapMove.POST, "POST", `/api/v1/roadmap/${item.id}/move`, { key, params: { id: item.id }, body: { stage: "in_progress", beforeId: null } });
    expect(moved.json.data).toMatchObject({ id: item.id, stage: "in_progress", title: "Single sign-on (SAML)" });
  });
});
