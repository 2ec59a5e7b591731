import { describe, expect, it, vi } from "vitest";
import * as commentsBulk from "@/app/api/v1/comments/bulk/route";
import * as votesBulk from "@/app/api/v1/votes/bulk/route";
import * as targets from "@/lib/domain/posts/batch-targets";
import { db } from "@/lib/platform/db/client";
import { call, createTestUser, seedBoard, seedTenant, uniqueSuffix } from "../support/api";
import { expectError } from "../support/endpoint-checklist";

// A post that passes the batch's check and is merged or deleted before its item is written: the
// items written before it are rolled back with it, and the refusal still names the item.
vi.mock("@/lib/domain/posts/batch-targets", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/domain/posts/batch-targets")>();
  return { ...actual, checkBatchTargets: vi.fn(actual.checkBatchTargets) };
});

const checkBatchTargets = vi.mocked(targets.checkBatchTargets);

/** The next batch's check passes, then `meanwhile` runs before any item is written. */
function afterTheCheck(meanwhile: () => Promise<unknown>) {
  const check = checkBatchTargets.getMockImplementation()!;
  checkBatchTargets.mockImplementationOnce(async (...args) => {
    const people = await check(...args);
    await meanwhile();
    return people;
  });
}

async function setup() {
  const tenant = await seedTenant();
  const board = await seedBoard(tenant.workspace.id);
  // Ids in sent order sort first, so the batch writes the good item before it meets the bad one.
  const first = await db.post.create({ data: { id: `a${uniqueSuffix()}`, workspaceId: tenant.workspace.id, boardId: board.id, title: "First" } });
  const last = await db.post.create({ data: { id: `z${uniqueSuffix()}`, workspaceId: tenant.workspace.id, boardId: board.id, title: "Last" } });
  return { tenant, first, last, customer: await createTestUser("customer"), key: await tenant.key(["posts:write"]) };
}

describe("a batch whose post changes between the check and the writes", () => {
  it("votes: a post deleted meanwhile is 404 naming its item, and the vote before it is rolled back", async () => {
    const { tenant, first, last, customer, key } = await setup();
    afterTheCheck(() => db.post.delete({ where: { id: last.id } }));
    const result = await call(votesBulk.POST, "POST", "/api/v1/votes/bulk", { key, body: { items: [{ postId: first.id, email: customer.email }, { postId: last.id, email: customer.email }] } });
    expectError(result, 404, "NOT_FOUND");
    expect(result.json.details).toEqual([expect.objectContaining({ path: "items.1.postId" })]);
    expect(await db.vote.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
    expect((await db.post.findUniqueOrThrow({ where: { id: first.id } })).voteCount).toBe(0);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("comments: a post merged meanwhile is 409 naming its item, and the comment before it is rolled back", async () => {
    const { tenant, first, last, key } = await setup();
    afterTheCheck(() => db.post.update({ where: { id: last.id }, data: { mergedIntoId: first.id, status: "closed" } }));
    const result = await call(commentsBulk.POST, "POST", "/api/v1/comments/bulk", { key, body: { items: [{ postId: first.id, body: "Fine" }, { postId: last.id, body: "Late" }] } });
    expectError(result, 409, "CONFLICT");
    expect(result.json.details).toEqual([expect.objectContaining({ path: "items.1.postId" })]);
    expect(await db.comment.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
    expect((await db.post.findUniqueOrThrow({ where: { id: first.id } })).commentCount).toBe(0);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });
});
