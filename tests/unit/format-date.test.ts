import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LocalTime } from "@/components/ui/local-time";
import { formatDate, formatDateTime, formatUtcDateTime } from "@/lib/format-date";

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
