import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LocalTime } from "@/components/ui/local-time";
import { formatDate, formatDateTime, formatUtcDateTime } from "@/lib/platform/text/format-date";

// The viewer's zone is the process's; India is 5 h 30 min ahead of UTC, with no daylight saving.
process.env.TZ = "Asia/Kolkata";

const AT = "2026-11-25T13:23:45.000Z";

describe("one date style", () => {
  it("in UTC: day, short month, year, and a 24-hour time", () => {
    expect(formatDate(AT)).toBe("25 Nov 2026");
    expect(formatDateTime(AT)).toBe("25 Nov 2026, 13:23");
    expect(formatDateTime(new Date(AT))).toBe("25 Nov 2026, 13:23");
    expect(formatUtcDateTime(AT)).toBe("25 Nov 2026, 13:23 UTC");
  });

  it("a UTC day is the UTC day, whatever the zone of the machine", () => {
    expect(formatDate("2026-11-25T23:30:00.000Z")).toBe("25 Nov 2026");
  });

  it("for the viewer: their time zone (the next day, 18:53 or 6:53 pm in India)", () => {
    expect(formatDateTime(AT, "viewer")).toMatch(/(18|0?6):53/);
    expect(formatDate("2026-11-25T23:30:00.000Z", "viewer")).toMatch(/26/);
  });
});

describe("a portal page's dates in its language", () => {
  it("day, month and time as each portal language writes them, still in UTC", () => {
    expect(formatDate(AT, "utc", "de")).toBe("25. Nov. 2026");
    expect(formatDate(AT, "utc", "ja")).toBe("2026年11月25日");
    expect(formatDate(AT, "utc", "fr")).toBe("25 nov. 2026");
    expect(formatDate(AT, "utc", "ar")).toContain("نوفمبر");
    expect(formatDateTime(AT, "utc", "de")).toBe("25. Nov. 2026, 13:23");
    expect(formatDateTime(AT, "utc", "pt-BR")).toMatch(/^25 de nov\. de 2026.*13:23$/);
  });
});

describe("<LocalTime> on the server", () => {
  it("renders the instant in UTC, saying so, with the machine-readable time", () => {
    const html = renderToString(createElement(LocalTime, { value: AT }));
    expect(html).toBe(`<time dateTime="${AT}" title="25 Nov 2026, 13:23 UTC">25 Nov 2026, 13:23 UTC</time>`);
  });

  it("a date only, or the caller's own text, keeps the full time in the title", () => {
    expect(renderToString(createElement(LocalTime, { value: new Date(AT), date: true }))).toContain(">25 Nov 2026</time>");
    const age = renderToString(createElement(LocalTime, { value: AT }, "5h"));
    expect(age).toContain('title="25 Nov 2026, 13:23 UTC"');
    expect(age).toContain(">5h</time>");
  });
});

// Every date a person reads goes through lib/platform/text/format-date.ts (or <LocalTime>, which uses it). A
// formatter of its own, or an ISO string cut to size, is how a page ends up in a second style.
describe("no second date style in the sources", () => {
  const ROOTS = ["app", "components", "lib"];
  // What may build a date formatter itself, and why: the style's one home; a compact age for dense
  // lists that falls back to month and year; reading the browser's zone for datetime-local inputs.
  const ALLOWED = new Set(["lib/platform/text/format-date.ts", "components/posts/format-age.ts", "components/status/local-time.ts"]);
  const OWN_STYLE = [
    /new Intl\.DateTimeFormat\(/,
    /\.toLocale(Date|Time)String\(/,
    /\.toUTCString\(/,
    // Cut to the minute or second for reading; cut to the day (0, 10) it is a key, not text.
    /toISOString\(\)\.(slice|substring)\(0, ?1[69]\)/,
    /\.slice\(0, ?16\)\.replace\("T", " "\)/,
  ];

  function sources(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(file);
      return /\.(ts|tsx|mjs)$/.test(entry.name) ? [file] : [];
    });
  }

  it("no file outside lib/platform/text/format-date.ts makes its own date text", () => {
    const offenders = ROOTS.flatMap(sources)
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => {
        const text = fs.readFileSync(file, "utf8");
        return OWN_STYLE.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern}`);
      });
    expect(offenders).toEqual([]);
  });
});
