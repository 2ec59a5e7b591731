import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { createUser } from "@/lib/domain/users/create-user";
import { createWorkspace, SLUG_TAKEN_MESSAGE } from "@/lib/domain/workspaces/create-workspace";

async function newUser(label: string) {
  const result = await createUser({ email: `${label}-${crypto.randomUUID()}@example.test`, password: "long-enough-password" });
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.data;
}

describe("createWorkspace", () => {
  it("creates the workspace with its creator as OWNER", async () => {
    const user = await newUser("owner");
    const result = await createWorkspace(user.id, { name: "Acme", slug: "acme-one" });
    expect(result).toEqual({ ok: true, data: { id: expect.any(String), slug: "acme-one" } });
    const membership = await db.membership.findFirstOrThrow({ where: { userId: user.id } });
    expect(membership.role).toBe("OWNER");
  });

  it.each([
    ["ab", "Use at least 3 characters."],
    ["a".repeat(41), "Use at most 40 characters."],
    ["Has Caps", "Use lowercase letters, digits and hyphens only."],
    ["-leading", "Start and end with a letter or digit."],
    ["two--hyphens", "Do not use two hyphens in a row."],
    ["settings", "This slug is reserved. Choose another."],
    ["api", "This slug is reserved. Choose another."],
  ])("refuses the slug %j with a clear message", async (slug, message) => {
    const user = await newUser("rules");
    const result = await createWorkspace(user.id, { name: "X", slug });
    expect(result).toEqual({ ok: false, fieldErrors: { slug: message } });
    expect(await db.workspace.count({ where: { memberships: { some: { userId: user.id } } } })).toBe(0);
  });

  it("refuses a missing name and a non-string input", async () => {
    const user = await newUser("name");
    expect(await createWorkspace(user.id, { name: "  ", slug: "fine-slug" })).toMatchObject({ ok: false, fieldErrors: { name: "Enter a name." } });
    expect(await createWorkspace(user.id, { name: 42, slug: ["x"] })).toMatchObject({ ok: false });
  });

  it("a taken slug is reported on the slug field", async () => {
    const [a, b] = [await newUser("a"), await newUser("b")];
    expect((await createWorkspace(a.id, { name: "A", slug: "taken-slug" })).ok).toBe(true);
    expect(await createWorkspace(b.id, { name: "B", slug: "taken-slug" })).toEqual({ ok: false, fieldErrors: { slug: SLUG_TAKEN_MESSAGE } });
    expect(await db.membership.count({ where: { userId: b.id } })).toBe(0);
  });

  it("two tabs racing for one slug leave exactly one workspace and no orphaned rows", async () => {
    const user = await newUser("race");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createWorkspace(user.id, { name: `Race ${i}`, slug: "raced-slug" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.fieldErrors.slug === SLUG_TAKEN_MESSAGE)).toBe(true);
    expect(await db.workspace.count({ where: { slug: "raced-slug" } })).toBe(1);
    expect(await db.membership.count({ where: { userId: user.id } })).toBe(1);
  });
});
