import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { SLUG_TAKEN_MESSAGE } from "@/lib/domain/workspaces/create-workspace";
import { updateWorkspace } from "@/lib/domain/workspaces/update-workspace";
import { seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";

describe("updateWorkspace", () => {
  it("an admin renames the workspace, changes its slug and publishes its portal", async () => {
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    const actor = await actorOf(tenant, admin);
    const slug = `renamed-${tenant.workspace.slug}`;
    expect(await updateWorkspace(actor, { name: "  New name ", slug })).toEqual({ name: "New name", slug, portalPublished: false });
    expect(await updateWorkspace(actor, { portalPublished: true })).toEqual({ name: "New name", slug, portalPublished: true });
    expect(await db.workspace.findUniqueOrThrow({ where: { id: tenant.workspace.id } })).toMatchObject({ name: "New name", slug, portalPublished: true });
  });

  it.each([
    ["ab", "Use at least 3 characters."],
    ["Has Caps", "Use lowercase letters, digits and hyphens only."],
    ["-edge", "Start and end with a letter or digit."],
    ["two--hyphens", "Do not use two hyphens in a row."],
    ["settings", "This slug is reserved. Choose another."],
  ])("applies the creation slug rules: %j", async (slug, message) => {
    const tenant = await seedTenant();
    const error = await expectApiError(updateWorkspace(await actorOf(tenant, tenant.owner), { slug }), "VALIDATION_ERROR");
    expect(error.details?.[0]).toMatchObject({ path: "slug", message });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: tenant.workspace.id } })).slug).toBe(tenant.workspace.slug);
  });

  it("refuses an empty name, a non-boolean switch, unknown fields and an empty change", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    expect((await expectApiError(updateWorkspace(actor, { name: "   " }), "VALIDATION_ERROR")).details?.[0]).toMatchObject({ path: "name", message: "Enter a name." });
    expect((await expectApiError(updateWorkspace(actor, { portalPublished: "yes" as never }), "VALIDATION_ERROR")).details?.[0]?.path).toBe("portalPublished");
    await expectApiError(updateWorkspace(actor, { plan: "PRO" } as never), "VALIDATION_ERROR");
    await expectApiError(updateWorkspace(actor, {}), "VALIDATION_ERROR");
    expect((await db.workspace.findUniqueOrThrow({ where: { id: tenant.workspace.id } })).plan).toBe("FREE");
  });

  it("a taken slug is a field error, also when two workspaces race for it", async () => {
    const [a, b, c] = [await seedTenant(), await seedTenant(), await seedTenant()];
    const taken = await expectApiError(updateWorkspace(await actorOf(a, a.owner), { slug: b.workspace.slug }), "CONFLICT");
    expect(taken.details).toEqual([{ path: "slug", message: SLUG_TAKEN_MESSAGE, code: "conflict" }]);

    const wanted = `wanted-${a.workspace.slug}`;
    const results = await Promise.allSettled([
      updateWorkspace(await actorOf(b, b.owner), { slug: wanted }),
      updateWorkspace(await actorOf(c, c.owner), { slug: wanted }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    expect(await db.workspace.count({ where: { slug: wanted } })).toBe(1);
  });

  it("members and viewers cannot change settings", async () => {
    const tenant = await seedTenant();
    for (const role of ["MEMBER", "VIEWER"] as const) {
      const user = await tenant.member(role);
      await expectApiError(updateWorkspace(await actorOf(tenant, user), { portalPublished: true }), "FORBIDDEN");
    }
    expect((await db.workspace.findUniqueOrThrow({ where: { id: tenant.workspace.id } })).portalPublished).toBe(false);
  });
});
