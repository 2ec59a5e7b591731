import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import * as bannerJson from "@/app/api/public/[workspace]/status/banner.json/route";
import * as bannerSvg from "@/app/api/public/[workspace]/status/banner.svg/route";
import { db } from "@/lib/platform/db/client";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { openIncident, seedPortal } from "../public/fixtures";
import { get, getText } from "../public/request";

describe("GET /api/public/{workspace}/status/banner.json", () => {
  it("inactive while all is well; active with the incident's title while one is open; any origin may read it; cached like the status", async () => {
    const portal = await seedPortal();
    const quiet = await get(bannerJson.GET, "/x", { workspace: portal.slug });
    expect(quiet.status).toBe(200);
    expect(quiet.json.data).toMatchObject({ active: false, indicator: "operational", incidents: [], maintenances: [] });
    expect(quiet.headers.get("access-control-allow-origin")).toBe("*");
    expect(quiet.headers.get("cache-control")).toBe("public, max-age=10, s-maxage=10, stale-while-revalidate=30");

    const incident = await openIncident(portal.workspaceId, { title: "Checkout errors", impact: "critical" });
    clearPublicCache();
    const loud = await get(bannerJson.GET, "/x", { workspace: portal.slug });
    expect(loud.json.data).toMatchObject({ active: true, indicator: "major_outage", incidents: [{ id: incident.id, title: "Checkout errors", impact: "critical" }] });

    await db.incident.update({ where: { id: incident.id }, data: { status: "resolved", resolvedAt: new Date() } });
    clearPublicCache();
    expect((await get(bannerJson.GET, "/x", { workspace: portal.slug })).json.data.active).toBe(false);
  });

  it("maintenance in progress shows; maintenance ahead does not", async () => {
    const portal = await seedPortal();
    const now = Date.now();
    await db.maintenance.create({ data: { workspaceId: portal.workspaceId, title: "Database upgrade", message: "", startsAt: new Date(now - 60_000), endsAt: new Date(now + 3_600_000) } });
    await db.maintenance.create({ data: { workspaceId: portal.workspaceId, title: "Later", message: "", startsAt: new Date(now + 86_400_000), endsAt: new Date(now + 90_000_000) } });
    clearPublicCache();
    const banner = await get(bannerJson.GET, "/x", { workspace: portal.slug });
    expect(banner.json.data.active).toBe(true);
    expect(banner.json.data.maintenances.map((window: { title: string }) => window.title)).toEqual(["Database upgrade"]);
  });

  it("an unknown or unpublished workspace is a 404", async () => {
    expect((await get(bannerJson.GET, "/x", { workspace: "no-such-workspace" })).status).toBe(404);
  });
});

describe("GET /api/public/{workspace}/status/banner.svg", () => {
  it("one escaped line on the indicator's colour, served so it cannot run script, in the asked language", async () => {
    const portal = await seedPortal();
    await openIncident(portal.workspaceId, { title: "<script>alert(1)</script> & more", impact: "major" });
    clearPublicCache();
    const svg = await getText(bannerSvg.GET, "/x", { workspace: portal.slug });
    expect(svg.status).toBe(200);
    expect(XMLValidator.validate(svg.text)).toBe(true);
    expect(svg.text).not.toContain("<script>");
    expect(svg.text).toContain("&lt;script&gt;");
    expect(svg.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const german = await getText(bannerSvg.GET, "/x?lang=de", { workspace: portal.slug });
    expect(german.text).toContain("teilweiser Ausfall");
    expect((await getText(bannerSvg.GET, "/x?lang=xx", { workspace: portal.slug })).status).toBe(400);
  });
});
