import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { listSitemapEntries } from "@/lib/public/list-sitemap-entries";
import { seedBoard, seedTenant } from "../support/api";

describe("listSitemapEntries", () => {
  it("lists each published portal's sections and public boards; nothing of unpublished portals or private boards", async () => {
    const published = await seedTenant({ published: true });
    const unpublished = await seedTenant();
    const board = await seedBoard(published.workspace.id, { name: "Feature requests" });
    await seedBoard(published.workspace.id, { name: "Internal notes", isPublic: false });
    await seedBoard(unpublished.workspace.id, { name: "Hidden" });

    const paths = (await listSitemapEntries()).map((entry) => entry.path);
    const base = `/p/${published.workspace.slug}`;
    expect(paths).toEqual(expect.arrayContaining([base, `${base}/roadmap`, `${base}/changelog`, `${base}/status`, `${base}/boards/${board.slug}`]));
    expect(paths.filter((path) => path.startsWith(`${base}/`) || path === base)).toHaveLength(5);
    expect(paths.some((path) => path.includes(unpublished.workspace.slug))).toBe(false);
    expect(paths.some((path) => path.includes("internal-notes"))).toBe(false);
  });

  it("stops at the limit it is given, and a portal unpublished since is gone at once", async () => {
    const tenants = [await seedTenant({ published: true }), await seedTenant({ published: true })];
    expect(await listSitemapEntries(3)).toHaveLength(3);
    await db.workspace.update({ where: { id: tenants[0]!.workspace.id }, data: { portalPublished: false } });
    expect((await listSitemapEntries()).some((entry) => entry.path.includes(tenants[0]!.workspace.slug))).toBe(false);
  });
});
