import { describe, expect, it } from "vitest";
import * as boards from "@/app/api/v1/boards/route";
import * as board from "@/app/api/v1/boards/[id]/route";
import * as posts from "@/app/api/v1/posts/route";
import * as postComments from "@/app/api/v1/posts/[id]/comments/route";
import * as postVotes from "@/app/api/v1/posts/[id]/votes/route";
import * as votesBulk from "@/app/api/v1/votes/bulk/route";
import * as comment from "@/app/api/v1/comments/[id]/route";
import * as tag from "@/app/api/v1/tags/[tag]/route";
import * as roadmap from "@/app/api/v1/roadmap/route";
import * as roadmapItem from "@/app/api/v1/roadmap/[id]/route";
import * as roadmapMove from "@/app/api/v1/roadmap/[id]/move/route";
import * as roadmapPosts from "@/app/api/v1/roadmap/[id]/posts/route";
import * as components from "@/app/api/v1/status/components/route";
import * as component from "@/app/api/v1/status/components/[id]/route";
import * as reorder from "@/app/api/v1/status/components/reorder/route";
import * as incidents from "@/app/api/v1/status/incidents/route";
import * as incident from "@/app/api/v1/status/incidents/[id]/route";
import * as maintenance from "@/app/api/v1/status/maintenance/route";
import * as maintenanceWindow from "@/app/api/v1/status/maintenance/[id]/route";
import * as invitations from "@/app/api/v1/invitations/route";
import * as invitation from "@/app/api/v1/invitations/[id]/route";
import * as member from "@/app/api/v1/members/[id]/route";
import * as changelog from "@/app/api/v1/changelog/route";
import * as releaseNote from "@/app/api/v1/changelog/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call, createTestUser, seedTenant } from "../support/api";

// The writes integrators gained each record their event in their own transaction, and the event
// fans out to the workspace's webhook endpoints exactly as the older writes' events do: one
// delivery per subscribed endpoint, made with the event.

describe("the API's writes reach webhooks", () => {
  it("every write of boards, comments, votes, tags, roadmap, status, maintenance, members, invitations and release notes makes its delivery", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const key = await tenant.key("all");
    const workspaceId = tenant.workspace.id;
    const everything = await db.webhookEndpoint.create({ data: { workspaceId, url: "https://example.test/all", secretEncrypted: "x", eventTypes: [] } });
    const tagsOnly = await db.webhookEndpoint.create({ data: { workspaceId, url: "https://example.test/tags", secretEncrypted: "x", eventTypes: ["tag.renamed"] } });
    const ok = async (result: Promise<{ status: number; json: { data?: { id?: string } } }>) => {
      const answer = await result;
      expect(answer.status).toBeLessThan(300);
      return answer.json.data as { id: string };
    };

    // Boards: created, archived (an update), deleted.
    const ideas = await ok(call(boards.POST, "POST", "/api/v1/boards", { key, body: { name: "Ideas", slug: "ideas" } }));
    const old = await ok(call(boards.POST, "POST", "/api/v1/boards", { key, body: { name: "Old", slug: "old" } }));
    await ok(call(board.PATCH, "PATCH", `/api/v1/boards/${old.id}`, { key, params: { id: old.id }, body: { archived: true } }));
    await ok(call(board.DELETE, "DELETE", `/api/v1/boards/${old.id}`, { key, params: { id: old.id } }));

    // A post, its comment (created, hidden, deleted), a person's votes (one, withdrawn, in bulk).
    const customer = await createTestUser("customer");
    const created = await ok(call(posts.POST, "POST", "/api/v1/posts", { key, body: { boardId: ideas.id, title: "SSO", tags: ["ui"] } }));
    const params = { id: created.id };
    const reply = await ok(call(postComments.POST, "POST", `/api/v1/posts/${created.id}/comments`, { key, params, body: { body: "On it" } }));
    await ok(call(comment.PATCH, "PATCH", `/api/v1/comments/${reply.id}`, { key, params: { id: reply.id }, body: { hidden: true } }));
    await ok(call(comment.DELETE, "DELETE", `/api/v1/comments/${reply.id}`, { key, params: { id: reply.id } }));
    await ok(call(postVotes.POST, "POST", `/api/v1/posts/${created.id}/votes`, { key, params, body: { email: customer.email } }));
    await ok(call(postVotes.DELETE, "DELETE", `/api/v1/posts/${created.id}/votes`, { key, params, query: { email: customer.email } }));
    await ok(call(votesBulk.POST, "POST", "/api/v1/votes/bulk", { key, body: { items: [{ postId: created.id, externalId: "crm-1" }] } }));

    // Tags: renamed, deleted.
    await ok(call(tag.PATCH, "PATCH", "/api/v1/tags/ui", { key, params: { tag: "ui" }, body: { name: "ux" } }));
    await ok(call(tag.DELETE, "DELETE", "/api/v1/tags/ux", { key, params: { tag: "ux" } }));

    // Roadmap: created, moved (an update), a post linked (the post's update), deleted.
    const item = await ok(call(roadmap.POST, "POST", "/api/v1/roadmap", { key, body: { title: "SSO" } }));
    await ok(call(roadmapMove.POST, "POST", `/api/v1/roadmap/${item.id}/move`, { key, params: { id: item.id }, body: { stage: "in_progress", beforeId: null } }));
    await ok(call(roadmapPosts.POST, "POST", `/api/v1/roadmap/${item.id}/posts`, { key, params: { id: item.id }, body: { postId: created.id } }));
    await ok(call(roadmapItem.DELETE, "DELETE", `/api/v1/roadmap/${item.id}`, { key, params: { id: item.id } }));

    // Status: components (created, updated, reordered, deleted), an incident's update, maintenance.
    const api = await ok(call(components.POST, "POST", "/api/v1/status/components", { key, body: { name: "API" } }));
    const web = await ok(call(components.POST, "POST", "/api/v1/status/components", { key, body: { name: "Web" } }));
    await ok(call(component.PATCH, "PATCH", `/api/v1/status/components/${api.id}`, { key, params: { id: api.id }, body: { name: "Public API" } }));
    await ok(call(reorder.POST, "POST", "/api/v1/status/components/reorder", { key, body: { ids: [web.id, api.id] } }));
    await ok(call(component.DELETE, "DELETE", `/api/v1/status/components/${web.id}`, { key, params: { id: web.id } }));
    const opened = await ok(call(incidents.POST, "POST", "/api/v1/status/incidents", { key, body: { title: "Errors", message: "Looking" } }));
    await ok(call(incident.PATCH, "PATCH", `/api/v1/status/incidents/${opened.id}`, { key, params: { id: opened.id }, body: { status: "identified", message: "Found it" } }));
    const window = await ok(
      call(maintenance.POST, "POST", "/api/v1/status/maintenance", {
        key,
        body: { title: "DB upgrade", startsAt: new Date(Date.now() + 3_600_000).toISOString(), endsAt: new Date(Date.now() + 7_200_000).toISOString(), componentIds: [api.id] },
      }),
    );
    await ok(call(maintenanceWindow.DELETE, "DELETE", `/api/v1/status/maintenance/${window.id}`, { key, params: { id: window.id } }));

    // People: an invitation (created, withdrawn), a member's role changed, a member removed.
    const invited = (await ok(call(invitations.POST, "POST", "/api/v1/invitations", { key, body: { email: "new@example.test", role: "MEMBER" } }))) as unknown as { invitationId: string };
    await ok(call(invitation.DELETE, "DELETE", `/api/v1/invitations/${invited.invitationId}`, { key, params: { id: invited.invitationId } }));
    const viewer = await tenant.member("VIEWER");
    await ok(call(member.PATCH, "PATCH", `/api/v1/members/${viewer.id}`, { key, params: { id: viewer.id }, body: { role: "MEMBER" } }));
    await ok(call(member.DELETE, "DELETE", `/api/v1/members/${viewer.id}`, { key, params: { id: viewer.id } }));

    // A release note edited after it was drafted.
    const note = await ok(call(changelog.POST, "POST", "/api/v1/changelog", { key, body: { title: "v2", body: "Soon.", publish: false } }));
    await ok(call(releaseNote.PATCH, "PATCH", `/api/v1/changelog/${note.id}`, { key, params: { id: note.id }, body: { title: "v2.0" } }));

    const expected = [
      "board.created",
      "board.updated",
      "board.deleted",
      "post.created",
      "comment.created",
      "comment.hidden",
      "comment.deleted",
      "vote.created",
      "vote.deleted",
      "tag.renamed",
      "tag.deleted",
      "roadmap_item.created",
      "roadmap_item.updated",
      "post.updated",
      "roadmap_item.deleted",
      "status_component.created",
      "status_component.updated",
      "status_component.reordered",
      "status_component.deleted",
      "incident.created",
      "incident.updated",
      "maintenance.scheduled",
      "maintenance.cancelled",
      "invitation.created",
      "invitation.revoked",
      "member.role_changed",
      "member.removed",
      "release_note.updated",
    ];
    const events = await db.event.findMany({ where: { workspaceId }, select: { id: true, type: true } });
    const deliveries = await db.webhookDelivery.findMany({ where: { workspaceId }, select: { endpointId: true, eventId: true, eventType: true } });
    const delivered = new Set(deliveries.filter((delivery) => delivery.endpointId === everything.id).map((delivery) => delivery.eventType));
    for (const type of expected) {
      expect(events.map((event) => event.type), type).toContain(type);
      expect(delivered.has(type), `a delivery of ${type}`).toBe(true);
    }
    // One delivery per event for the endpoint that takes every type; the narrow one only its type.
    expect(deliveries.filter((delivery) => delivery.endpointId === everything.id)).toHaveLength(events.length);
    expect(deliveries.filter((delivery) => delivery.endpointId === tagsOnly.id).map((delivery) => delivery.eventType)).toEqual(["tag.renamed"]);
  });
});
