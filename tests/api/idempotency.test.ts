import { describe, expect, it } from "vitest";
import * as posts from "@/app/api/v1/posts/route";
import * as todos from "@/app/api/v1/todos/route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectError, expectValidationError } from "../support/endpoint-checklist";

async function tenantWithBoard() {
  const tenant = await seedTenant({ plan: "PRO" });
  const board = await seedBoard(tenant.workspace.id);
  return { tenant, board, key: await tenant.key() };
}

const post = (key: string, body: unknown, idempotencyKey?: string) =>
  call(posts.POST, "POST", "/api/v1/posts", { key, body, headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} });

describe("Idempotency-Key on POST", () => {
  it("20 concurrent retries with one key write one post; each answer is the post, a replay, or 409 IDEMPOTENCY_KEY_IN_USE", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const body = { boardId: board.id, title: "Exports to CSV" };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(key, body, "retry-1")));

    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(created.map((answer) => answer.json.data.id));
    expect(ids.size).toBe(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 201)) {
      expectError(answer, 409, "IDEMPOTENCY_KEY_IN_USE");
      expect(answer.headers.get("retry-after")).toBe("1");
    }
    expect(created.filter((answer) => answer.headers.get("idempotent-replayed") === null)).toHaveLength(1);

    // Once the first has finished, every retry gets its answer again.
    const replay = await post(key, body, "retry-1");
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.data.id).toBe([...ids][0]);
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1);
  });

  it("422 IDEMPOTENCY_KEY_REUSED for the same key with another body, and nothing is written", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    expect((await post(key, { boardId: board.id, title: "First" }, "k-2")).status).toBe(201);
    const reused = await post(key, { boardId: board.id, title: "Second" }, "k-2");
    expectError(reused, 422, "IDEMPOTENCY_KEY_REUSED");
    expect(await db.post.findMany({ where: { workspaceId: tenant.workspace.id }, select: { title: true } })).toEqual([{ title: "First" }]);
  });

  it("the same key on another endpoint is another request: 422", async () => {
    const { board, key } = await tenantWithBoard();
    expect((await post(key, { boardId: board.id, title: "First" }, "k-3")).status).toBe(201);
    const other = await call(todos.POST, "POST", "/api/v1/todos", { key, body: { listName: "Inbox", title: "First" }, headers: { "Idempotency-Key": "k-3" } });
    expectError(other, 422, "IDEMPOTENCY_KEY_REUSED");
  });

  it("keys are per workspace: another workspace's identical key acts on its own", async () => {
    const first = await tenantWithBoard();
    const second = await tenantWithBoard();
    expect((await post(first.key, { boardId: first.board.id, title: "Same" }, "shared")).status).toBe(201);
    const theirs = await post(second.key, { boardId: second.board.id, title: "Same" }, "shared");
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a refused request is not remembered: its retry runs again", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const missing = await post(key, { boardId: "b_missing_board", title: "Lost" }, "k-4");
    expectError(missing, 404, "NOT_FOUND");
    expect(await db.idempotencyKey.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
    // The same key may now carry the corrected request.
    const fixed = await post(key, { boardId: board.id, title: "Lost" }, "k-4");
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a key older than 24 hours is forgotten (and pruned): the request runs again", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    expect((await post(key, { boardId: board.id, title: "Old" }, "k-5")).status).toBe(201);
    expect((await post(key, { boardId: board.id, title: "Other" }, "k-6")).status).toBe(201);
    await db.idempotencyKey.updateMany({ where: { workspaceId: tenant.workspace.id }, data: { createdAt: new Date(Date.now() - 25 * 3_600_000) } });
    const again = await post(key, { boardId: board.id, title: "Old" }, "k-5");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id, title: "Old" } })).toBe(2);
    // The claim of k-5 cleared the expired k-6.
    expect((await db.idempotencyKey.findMany({ where: { workspaceId: tenant.workspace.id } })).map((row) => row.key)).toEqual(["k-5"]);
  });

  it("a claim abandoned for over a minute (its process died) can be taken over", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const body = { boardId: board.id, title: "Crashed" };
    await db.idempotencyKey.create({
      data: { workspaceId: tenant.workspace.id, key: "k-7", fingerprint: "x", createdAt: new Date(Date.now() - 120_000) },
    });
    expect((await post(key, body, "k-7")).status).toBe(201);
  });

  it("400 VALIDATION_ERROR for a key that is empty, too long or not visible ASCII", async () => {
    const { board, key } = await tenantWithBoard();
    for (const bad of ["a".repeat(256), "with space", "tab\there"]) {
      const result = await call(posts.POST, "POST", "/api/v1/posts", { key, body: { boardId: board.id, title: "x" }, headers: { "Idempotency-Key": bad } });
      expectValidationError(result, "Idempotency-Key");
    }
  });
});
