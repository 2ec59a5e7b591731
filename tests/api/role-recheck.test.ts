import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as posts from "@/app/api/v1/posts/route";
import * as changelog from "@/app/api/v1/changelog/route";
import { defineRoute } from "@/lib/surfaces/api/define-route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectError } from "../support/endpoint-checklist";

describe("the creator's role is re-read on every request", () => {
  it("demote → 403 FORBIDDEN at once; restore → allowed; remove → every call 403", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const admin = await tenant.member("ADMIN");
    const key = await tenant.key(["changelog:write", "posts:write", "posts:read"], { creatorId: admin.id });
    const setRole = (role: "ADMIN" | "MEMBER" | "VIEWER") =>
      db.membership.updateMany({ where: { workspaceId: tenant.workspace.id, userId: admin.id }, data: { role } });
    const publish = () => call(changelog.POST, "POST", "/api/v1/changelog", { key, body: { title: "Note", body: "Text" } });
    const createPost = () => call(posts.POST, "POST", "/api/v1/posts", { key, body: { boardId: board.id, title: "Idea" } });

    expect((await publish()).status).toBe(201);
    await setRole("MEMBER");
    expectError(await publish(), 403, "FORBIDDEN");
    expect((await createPost()).status).toBe(201); // posts:write needs only MEMBER
    await setRole("VIEWER");
    expectError(await createPost(), 403, "FORBIDDEN");
    expect((await call(posts.GET, "GET", "/api/v1/posts", { key })).status).toBe(200);
    await setRole("ADMIN");
    expect((await publish()).status).toBe(201);

    await db.membership.deleteMany({ where: { workspaceId: tenant.workspace.id, userId: admin.id } });
    expectError(await publish(), 403, "FORBIDDEN");
    expectError(await createPost(), 403, "FORBIDDEN");
    expectError(await call(posts.GET, "GET", "/api/v1/posts", { key }), 403, "FORBIDDEN");
  });

  it("a deleted creator's key answers 401 (the key goes with the account)", async () => {
    const tenant = await seedTenant();
    const member = await tenant.member("MEMBER");
    const key = await tenant.key(["posts:read"], { creatorId: member.id });
    await db.user.delete({ where: { id: member.id } });
    expectError(await call(posts.GET, "GET", "/api/v1/posts", { key }), 401, "UNAUTHORIZED");
  });
});

describe("unexpected failures", () => {
  it("500 INTERNAL_ERROR without internals, with the request id", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["posts:read"]);
    const operation = { id: "failing", summary: "Fails", response: z.null() };
    const failing = defineRoute({ scope: "posts:read", schemas: { query: z.strictObject({}) }, operation }, async () => {
      throw new Error("connection string postgres://admin:hunter2@db/internal");
    });
    const original = console.error;
    console.error = () => {};
    try {
      const result = await call(failing, "GET", "/api/v1/anything", { key });
      expectError(result, 500, "INTERNAL_ERROR");
      expect(JSON.stringify(result.json)).not.toContain("hunter2");
      expect(result.headers.get("x-ratelimit-limit")).toBe("100");
    } finally {
      console.error = original;
    }
  });
});
