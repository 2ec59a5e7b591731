const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH_YEAR = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });

/** A compact age for dense lists ("now", "12m", "5h", "3d", "6w", then "Mar 2025"), from the server's clock. */
export function formatAge(iso: string, now = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return "now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 14 * DAY) return `${Math.floor(elapsed / DAY)}d`;
  if (elapsed < 120 * DAY) return `${Math.floor(elapsed / (7 * DAY))}w`;
  return MONTH_YEAR.format(new Date(iso));
}

/** "5 hours ago" for screen readers and titles, where the compact form would be cryptic. */
export function describeAge(iso: string, now = Date.now()): string {
  const short = formatAge(iso, now);
  const match = /^(\d+)([mhdw])$/.exec(short);
  if (!match) return short === "now" ? "just now" : short;
  const unit = { m: "minute", h: "hour", d: "day", w: "week" }[match[2] as "m" | "h" | "d" | "w"];
  return `${match[1]} ${unit}${match[1] === "1" ? "" : "s"} ago`;
}
