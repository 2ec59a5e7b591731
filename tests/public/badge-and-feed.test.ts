import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import * as badge from "@/app/api/public/[workspace]/status/badge.svg/route";
import * as feed from "@/app/api/public/[workspace]/changelog/feed.xml/route";
import { db } from "@/lib/platform/db/client";
import { BADGE_COLORS } from "@/lib/surfaces/public-api/render-status-badge";
import { openIncident, seedPortal } from "./fixtures";
import { getText } from "./request";
import { publicOrigin } from "@/lib/platform/config/site-url";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", processEntities: true, htmlEntities: false });

function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

describe("GET /api/public/{workspace}/status/badge.svg", () => {
  it("an SVG that parses, labelled and coloured by the indicator, served so it cannot run script", async () => {
    const portal = await seedPortal();
    const ok = await getText(badge.GET, "/x", { workspace: portal.slug });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(ok.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.headers.get("access-control-allow-origin")).toBe("*");
    expect(ok.headers.get("cache-control")).toBe("public, max-age=10, s-maxage=10, stale-while-revalidate=30");
    const svg = parseXml(ok.text).svg;
    expect(svg["@xmlns"]).toBe("http://www.w3.org/2000/svg");
    expect(svg.title).toBe("status: operational");
    expect(ok.text).toContain(`fill="${BADGE_COLORS.operational}"`);

    await openIncident(portal.workspaceId, { impact: "critical" });
    const other = await seedPortal();
    await openIncident(other.workspaceId, { impact: "critical" });
    const down = await getText(badge.GET, "/x", { workspace: other.slug });
    expect(parseXml(down.text).svg.title).toBe("status: major outage");
    expect(down.text).toContain(`fill="${BADGE_COLORS.major_outage}"`);
  });

  it("?lang= writes the badge's words in one of the portal's languages; an unknown one is refused", async () => {
    const portal = await seedPortal();
    const german = await getText(badge.GET, "/x?lang=de", { workspace: portal.slug });
    expect(parseXml(german.text).svg.title).toBe("Status: betriebsbereit");
    const arabic = await getText(badge.GET, "/x?lang=ar&style=compact", { workspace: portal.slug });
    expect(parseXml(arabic.text).svg.title).toBe("الحالة: يعمل");
    // A label of the badge's owner stays as written; only the status is translated.
    const labelled = await getText(badge.GET, "/x?lang=fr&label=API", { workspace: portal.slug });
    expect(parseXml(labelled.text).svg.title).toBe("API: opérationnel");
    const unknown = await getText(badge.GET, "/x?lang=xx", { workspace: portal.slug });
    expect(unknown.status).toBe(400);
  });

  it("a label of <script> comes back escaped, as text, in every style", async () => {
    const portal = await seedPortal();
    for (const style of ["flat", "compact"]) {
      for (const label of ["<script>alert(1)</script>", `"><script>x</script>`, "a&b", "é 🚀 ' \u0007"]) {
        const result = await getText(badge.GET, `/x?label=${encodeURIComponent(label)}&style=${style}`, { workspace: portal.slug });
        expect(result.status).toBe(200);
        expect(result.text).not.toMatch(/<script/i);
        const svg = parseXml(result.text).svg;
        expect(svg.title).toBe(`${label.replace("\u0007", " ").trim()}: operational`);
        expect(svg["@aria-label"]).toBe(svg.title);
      }
    }
    const escaped = await getText(badge.GET, `/x?label=${encodeURIComponent("<script>")}`, { workspace: portal.slug });
    expect(escaped.text).toContain("&lt;script&gt;");
  });

  it("caps the label at 40 characters, widens with the text, and refuses an unknown style", async () => {
    const portal = await seedPortal();
    const width = async (label: string) => Number(parseXml((await getText(badge.GET, `/x?label=${label}`, { workspace: portal.slug })).text).svg["@width"]);
    expect(await width("api")).toBeLessThan(await width("a-much-longer-label"));
    const long = await getText(badge.GET, `/x?label=${"x".repeat(150)}`, { workspace: portal.slug });
    expect(parseXml(long.text).svg.title).toBe(`${"x".repeat(40)}: operational`);
    const compact = await getText(badge.GET, "/x?style=compact", { workspace: portal.slug });
    expect(Number(parseXml(compact.text).svg["@height"])).toBe(18);
    const bad = await getText(badge.GET, "/x?style=for-the-badge", { workspace: portal.slug });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ code: "VALIDATION_ERROR" });
  });
});

describe("GET /api/public/{workspace}/changelog/feed.xml", () => {
  it("an Atom feed that parses, with published notes only and inert content", async () => {
    const portal = await seedPortal();
    const hostile = await db.releaseNote.create({
      data: {
        workspaceId: portal.workspaceId,
        title: "Tags & <b>bold</b> titles",
        body: "<script>alert(1)</script>\n\n[click](javascript:alert(1)) and <img src=x onerror=alert(1)>",
        status: "published",
        publishedAt: new Date(),
      },
    });
    const result = await getText(feed.GET, `/api/public/${portal.slug}/changelog/feed.xml`, { workspace: portal.slug });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(result.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=60, stale-while-revalidate=300");
    expect(result.text.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(result.text).not.toMatch(/<script|<img/i);

    const atom = parseXml(result.text).feed;
    expect(atom["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(atom.title["#text"]).toBe(`Tenant ${portal.slug} changelog`);
    expect(atom.link.map((link: Record<string, string>) => link["@rel"])).toEqual(["self", "alternate"]);
    expect(atom.link[0]["@href"]).toBe(`${publicOrigin()}/api/public/${portal.slug}/changelog/feed.xml`);
    expect(atom.updated).toBe(hostile.publishedAt!.toISOString());
    const entries = Array.isArray(atom.entry) ? atom.entry : [atom.entry];
    expect(entries.map((entry: { title: { "#text": string } }) => entry.title["#text"])).toEqual(["Tags & <b>bold</b> titles", "Faster search"]);
    expect(entries[0].link["@href"]).toBe(`${publicOrigin()}/p/${portal.slug}/changelog/${hostile.id}`);
    // The entry content is HTML carried as text; once a reader decodes it, it is still inert.
    const html: string = entries[0].content["#text"];
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(entries[1].content["#text"].trim()).toBe("<p>Search is <strong>fast</strong>.</p>");
    expect(result.text).not.toContain("Unannounced");
  });

  it("an empty changelog is still a valid feed", async () => {
    const portal = await seedPortal();
    await db.releaseNote.deleteMany({ where: { workspaceId: portal.workspaceId } });
    const result = await getText(feed.GET, "/x", { workspace: portal.slug });
    const atom = parseXml(result.text).feed;
    expect(atom.entry).toBeUndefined();
    expect(atom.updated).toBe("1970-01-01T00:00:00.000Z");
  });
});
