import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import * as feed from "@/app/api/public/[workspace]/status/feed.xml/route";
import { db } from "@/lib/platform/db/client";
import { formatDateTime } from "@/lib/platform/text/format-date";
import { publicOrigin } from "@/lib/platform/config/site-url";
import { openIncident, seedPortal } from "../public/fixtures";
import { getText } from "../public/request";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", processEntities: true, htmlEntities: false });

describe("GET /api/public/{workspace}/status/feed.xml", () => {
  it("an Atom feed of incidents (with their updates) and maintenance ahead, that parses and carries inert content", async () => {
    const portal = await seedPortal();
    await openIncident(portal.workspaceId, { title: "Queue <b>stuck</b> & slow", message: "<script>alert(1)</script> We are on it." });
    const startsAt = new Date(Math.floor((Date.now() + 24 * 60 * 60_000) / 60_000) * 60_000);
    await db.maintenance.create({ data: { workspaceId: portal.workspaceId, title: "Database upgrade", message: "Read-only for ten minutes.", startsAt, endsAt: new Date(startsAt.getTime() + 60 * 60_000) } });

    const result = await getText(feed.GET, `/api/public/${portal.slug}/status/feed.xml`, { workspace: portal.slug });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(result.text).not.toMatch(/<script|<b>/i);
    expect(XMLValidator.validate(result.text)).toBe(true);
    const atom = parser.parse(result.text).feed;
    expect(atom.link[0]["@href"]).toBe(`${publicOrigin()}/api/public/${portal.slug}/status/feed.xml`);
    const entries = Array.isArray(atom.entry) ? atom.entry : [atom.entry];
    const titles = entries.map((entry: { title: { "#text": string } }) => entry.title["#text"]);
    expect(titles).toContain("Queue <b>stuck</b> & slow (investigating)");
    expect(titles).toContain("Maintenance: Database upgrade (upcoming)");
    const incident = entries.find((entry: { title: { "#text": string } }) => entry.title["#text"].startsWith("Queue"));
    expect(incident.content["#text"]).toContain("&lt;script&gt;alert(1)&lt;/script&gt; We are on it.");
    expect(incident.link["@href"]).toBe(`${publicOrigin()}/p/${portal.slug}/status`);
    // Times for the reader in the status page's own style, in UTC; ISO 8601 only in the Atom elements.
    expect(incident.content["#text"]).toMatch(/<strong>investigating<\/strong> \(\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\)/);
    const maintenance = entries.find((entry: { title: { "#text": string } }) => entry.title["#text"].startsWith("Maintenance"));
    const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
    expect(maintenance.content["#text"]).toContain(`<p>${formatDateTime(startsAt)} – ${formatDateTime(endsAt)} UTC</p>`);
    expect(maintenance.content["#text"]).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(maintenance.published).toBe(startsAt.toISOString());

    const missing = await getText(feed.GET, "/api/public/nope/status/feed.xml", { workspace: "no-such-portal" });
    expect(missing.status).toBe(404);
  });
});
