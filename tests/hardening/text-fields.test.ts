import { describe, expect, it } from "vitest";
import * as postsRoute from "@/app/api/v1/posts/route";
import { db } from "@/lib/platform/db/client";
import { createPost } from "@/lib/domain/posts/create-post";
import { createUser } from "@/lib/domain/users/create-user";
import { createWorkspace } from "@/lib/domain/workspaces/create-workspace";
import { updateWorkspace } from "@/lib/domain/workspaces/update-workspace";
import { actorOf, expectApiError } from "../support/actors";
import { call, seedTenant, uniqueSuffix } from "../support/api";
import { expectValidationError } from "../support/endpoint-checklist";

// A NUL in a workspace or user name was once a 500 (PostgreSQL refuses it in text);
// every text field now answers a field error for NUL and the other control characters.

async function newUserId() {
  const result = await createUser({ email: `owner-${uniqueSuffix()}@example.test`, password: "long-enough-password" });
  if (!result.ok) throw new Error("setup");
  return result.data.id;
}

describe("control characters in text fields", () => {
  it.each([["a NUL", "Acme\u0000"], ["a newline", "Acme\nCorp"], ["an escape", "Acme\u001b[31m"], ["a C1 control", "Acme\u0085"]])(
    "a workspace name with %s is a field error, and nothing is written",
    async (_what, name) => {
      const userId = await newUserId();
      const slug = `ws-${uniqueSuffix()}`;
      const result = await createWorkspace(userId, { name, slug });
      expect(result.ok).toBe(false);
      expect(result.ok ? undefined : result.fieldErrors.name).toMatch(/control characters|NUL/);
      expect(await db.workspace.count({ where: { slug } })).toBe(0);
    },
  );

  it("renaming a workspace to a name with a NUL is a 400 VALIDATION_ERROR on the name", async () => {
    const tenant = await seedTenant();
    const error = await expectApiError(updateWorkspace(await actorOf(tenant, tenant.owner), { name: "x\u0000y" }), "VALIDATION_ERROR");
    expect(error.details?.map((detail) => detail.path)).toEqual(["name"]);
  });

  it("a user name with a NUL or a control character is a field error at sign-up, and no account is made", async () => {
    for (const name of ["Ann\u0000", "Ann\u0007"]) {
      const email = `ann-${uniqueSuffix()}@example.test`;
      const result = await createUser({ email, password: "long-enough-password", name });
      expect(result).toEqual({ ok: false, fieldErrors: { name: expect.stringMatching(/control characters|NUL/) } });
      expect(await db.user.count({ where: { email } })).toBe(0);
    }
  });

  it("a single-line field refuses a line break; a multi-line one keeps it and refuses an escape", async () => {
    const tenant = await seedTenant();
    const board = await db.board.create({ data: { workspaceId: tenant.workspace.id, name: "Ideas", slug: `b-${uniqueSuffix()}` } });
    const actor = await actorOf(tenant, tenant.owner);
    const titleError = await expectApiError(createPost(actor, { boardId: board.id, title: "two\nlines" }), "VALIDATION_ERROR");
    expect(titleError.details?.[0]).toMatchObject({ path: "title", message: "title must not contain control characters." });
    const bodyError = await expectApiError(createPost(actor, { boardId: board.id, title: "ok", body: "bell\u0007" }), "VALIDATION_ERROR");
    expect(bodyError.details?.[0]?.path).toBe("body");
    const created = await createPost(actor, { boardId: board.id, title: "ok", body: "line one\nline two\ttabbed" });
    expect(created.body).toBe("line one\nline two\ttabbed");
  });

  it.each([
    ["a right-to-left override (U+202E)", "Invoice \u202Etxt.exe"],
    ["a left-to-right embedding (U+202A)", "Acme \u202Ax"],
    ["a pop directional formatting (U+202C)", "Acme \u202C"],
    ["a right-to-left isolate (U+2067)", "Acme \u2067x\u2069"],
    ["a first-strong isolate (U+2068)", "Acme \u2068x"],
  ])("a name or title with %s is a field error: workspace name, user name, a post's title through the API", async (_what, text) => {
    const userId = await newUserId();
    const slug = `ws-${uniqueSuffix()}`;
    const workspace = await createWorkspace(userId, { name: text, slug });
    expect(workspace.ok ? undefined : workspace.fieldErrors.name).toMatch(/text-direction control characters/);
    expect(await db.workspace.count({ where: { slug } })).toBe(0);

    const email = `bidi-${uniqueSuffix()}@example.test`;
    expect(await createUser({ email, password: "long-enough-password", name: text })).toEqual({ ok: false, fieldErrors: { name: expect.stringMatching(/text-direction/) } });

    const tenant = await seedTenant();
    const board = await db.board.create({ data: { workspaceId: tenant.workspace.id, name: "Ideas", slug: `b-${uniqueSuffix()}` } });
    const key = await tenant.key("all");
    const result = await call(postsRoute.POST, "POST", "/api/v1/posts", { key, body: { boardId: board.id, title: text } });
    expectValidationError(result, "title");
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("direction marks (U+200E, U+200F) stay allowed in names", async () => {
    const userId = await newUserId();
    const result = await createWorkspace(userId, { name: "\u05e9\u05dc\u05d5\u05dd\u200f Acme\u200e", slug: `ws-${uniqueSuffix()}` });
    expect(result.ok).toBe(true);
  });
});
