import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { listSitemapEntries } from "@/lib/domain/workspaces/list-sitemap-entries";
import { seedBoard, seedTenant } from "../support/api";

describe("listSitemapEntries", () => {
  it("lists each published portal's sections and public boards; nothing of unpublished portals or private boards", async () => {
    const published = await seedTenant({ published: true });
    const unpublished = await seedTenant();
    const board = await seedBoard(published.workspace.id, { name: "Feature requests" });
    await seedBoard(published.workspace.id, { name: "Internal notes", isPublic: false });
    await seedBoard(unpublished.workspace.id, { name: "Hidden" });

    const entries = await listSitemapEntries();
    const paths = entries.map((entry) => entry.path);
    const base = `/p/${published.workspace.slug}`;
    expect(paths).toEqual(expect.arrayContaining([base, `${base}/roadmap`, `${base}/changelog`, `${base}/status`, `${base}/boards/${board.slug}`]));
    // Five pages in each of the seven languages a new portal offers.
    expect(paths.filter((path) => path.startsWith(`${base}/`) || path === base)).toHaveLength(35);
    expect(paths).toContain(`${base}/de/boards/${board.slug}`);
    expect(paths.some((path) => path.includes(unpublished.workspace.slug))).toBe(false);
    expect(paths.some((path) => path.includes("internal-notes"))).toBe(false);
  });

  it("names every language of each page (hreflang), the default as x-default, only the languages offered", async () => {
    const tenant = await seedTenant({ published: true });
    await db.workspace.update({ where: { id: tenant.workspace.id }, data: { portalDefaultLocale: "de", portalLocales: ["de", "ar"] } });
    const base = `/p/${tenant.workspace.slug}`;
    const mine = (await listSitemapEntries()).filter((entry) => entry.path === base || entry.path.startsWith(`${base}/`));
    expect(mine.map((entry) => entry.path)).toEqual(expect.arrayContaining([`${base}/status`, `${base}/ar/status`]));
    expect(mine).toHaveLength(8);
    const status = mine.find((entry) => entry.path === `${base}/ar/status`)!;
    expect(status.languages).toEqual({ de: `${base}/status`, ar: `${base}/ar/status`, "x-default": `${base}/status` });
  });

  it("stops at the limit it is given, and a portal unpublished since is gone at once", async () => {
    const tenants = [await seedTenant({ published: true }), await seedTenant({ published: true })];
    expect(await listSitemapEntries(3)).toHaveLength(3);
    await db.workspace.update({ where: { id: tenants[0]!.workspace.id }, data: { portalPublished: false } });
    expect((await listSitemapEntries()).some((entry) => entry.path.includes(tenants[0]!.workspace.slug))).toBe(false);
  });
});
