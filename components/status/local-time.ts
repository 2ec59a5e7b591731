// <input type="datetime-local"> speaks the browser's local time without a zone; these turn it into
// an instant and back. The server only ever sees ISO 8601 with an offset.

const pad = (value: number) => String(value).padStart(2, "0");

/** A Date as the value of a datetime-local input, in the browser's time zone (minutes, or seconds when it has them). */
export function toLocalInput(date: Date): string {
  const base = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.getSeconds() ? `${base}:${pad(date.getSeconds())}` : base;
}

/** A datetime-local value as an ISO instant, or null when it is empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
