import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import messages from "@/messages/en.json";
import { formatPercent, UptimeBars } from "@/components/portal/uptime-bars";
import type { UptimeDay } from "@/lib/domain/status/uptime";

const day = (date: string, state: UptimeDay["state"] = "operational"): UptimeDay => ({
  date,
  state,
  partialOutageMinutes: 0,
  majorOutageMinutes: state === "major_outage" ? 2 : 0,
  incidents: [],
  maintenances: [],
});

// The portal's English messages around the bars, as the portal's layout provides them.
function EnglishMessages({ children }: { children?: ReactNode }) {
  // eslint-disable-next-line react/no-children-prop -- the provider types its children as a required prop
  return createElement(NextIntlClientProvider, { locale: "en", messages, timeZone: "UTC", children });
}

function render(days: UptimeDay[], percent: number | null) {
  // React's text separators say nothing about what a reader sees.
  const bars = createElement(UptimeBars, { componentName: "API", days, percent, totalDays: 90 });
  return renderToString(createElement(EnglishMessages, null, bars)).replaceAll("<!-- -->", "");
}

describe("the uptime bar", () => {
  it("a component from today: 89 grey no-data days before its one bar, and the uptime says since when it counts", () => {
    const html = render([day("2026-11-25", "major_outage")], 80);
    expect(html.match(/data-no-data="/g)).toHaveLength(89);
    expect(html).toContain('data-no-data="2026-08-28"');
    expect(html).toContain('data-no-data="2026-11-24"');
    expect(html.match(/data-day="/g)).toHaveLength(1);
    expect(html).toContain("No data before 25 Nov 2026: the component did not exist yet.");
    expect(html).toMatch(/80\.00% uptime<span> since 25 Nov 2026<\/span>/);
    expect(html).not.toContain(`<span class="sr-only"> over the last 90 days</span>`);
  });

  it("a component older than the window: 90 day bars, no grey ones, uptime over the 90 days", () => {
    const days = Array.from({ length: 90 }, (_, index) => day(new Date(Date.UTC(2026, 7, 28) + index * 86_400_000).toISOString().slice(0, 10)));
    const html = render(days, 100);
    expect(html.match(/data-day="/g)).toHaveLength(90);
    expect(html).not.toContain("data-no-data");
    expect(html).not.toContain("No data before");
    expect(html).toContain("100.00% uptime");
    expect(html).toContain(`<span class="sr-only"> over the last 90 days</span>`);
  });
});

describe("the uptime percentage", () => {
  it("is written the way the reader's language writes a percentage", () => {
    expect(formatPercent("en", 99.11)).toBe("99.11%");
    expect(formatPercent("de", 99.11)).toBe("99,11\u00a0%");
    expect(formatPercent("ja", 100)).toBe("100.00%");
  });
});
