// Every date the app shows, in one style: "25 Nov 2026" and "25 Nov 2026, 13:23" (field order
// and clock follow the locale). Two zones: "utc" for what the server renders and for public
// pages, where every visitor must read the same instant the same way (the page says "UTC" once);
// "viewer" for the dashboard in the browser, in the viewer's own locale and time zone
// (components/ui/local-time.tsx renders it without a hydration mismatch).

export type DateZone = "utc" | "viewer";

const DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: "2-digit", minute: "2-digit" };

// Intl formatters are slow to build and every list renders dozens of dates.
const formatters = new Map<string, Intl.DateTimeFormat>();

// A public portal page passes its language ("de", "ar"…); English keeps the day-month-year order.
function formatter(options: Intl.DateTimeFormatOptions, zone: DateZone, locale = "en"): Intl.DateTimeFormat {
  const key = `${zone}:${locale}:${options === DATE ? "date" : "datetime"}`;
  let cached = formatters.get(key);
  if (!cached) {
    const tag = locale === "en" ? "en-GB" : locale;
    cached = zone === "utc" ? new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" }) : new Intl.DateTimeFormat(undefined, options);
    formatters.set(key, cached);
  }
  return cached;
}

const toDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** "25 Nov 2026". */
export function formatDate(value: string | Date, zone: DateZone = "utc", locale?: string): string {
  return formatter(DATE, zone, locale).format(toDate(value));
}

/** "25 Nov 2026, 13:23". In UTC the caller says so once per page (or uses formatUtcDateTime). */
export function formatDateTime(value: string | Date, zone: DateZone = "utc", locale?: string): string {
  return formatter(DATE_TIME, zone, locale).format(toDate(value));
}

/** "25 Nov 2026, 13:23 UTC": a UTC time standing alone, where nothing nearby names the zone. */
export function formatUtcDateTime(value: string | Date): string {
  return `${formatDateTime(value)} UTC`;
}
