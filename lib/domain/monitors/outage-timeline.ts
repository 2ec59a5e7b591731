import { formatUtcDateTime } from "@/lib/platform/text/format-date";

// The words a monitor writes on an incident, for the people reading the status page: what failed,
// from when to when, and why, without a stack or a status code list.

function clock(at: Date): string {
  return `${String(at.getUTCHours()).padStart(2, "0")}:${String(at.getUTCMinutes()).padStart(2, "0")}`;
}

/** A reason is a sentence of its own ("Answered 503."); inside ours it loses its full stop. */
const clause = (reason: string) => reason.replace(/\.+$/, "");

export function outageTitle(componentName: string): string {
  return `${componentName} is not responding`;
}

export function outageOpenedMessage(monitorName: string, startedAt: Date, reason: string): string {
  return `Checks from the monitor “${monitorName}” have been failing since ${formatUtcDateTime(startedAt)}: ${clause(reason)}. We are looking into it.`;
}

export function outageResolvedMessage(monitorName: string, startedAt: Date, endedAt: Date, reason: string): string {
  const sameDay = startedAt.toISOString().slice(0, 10) === endedAt.toISOString().slice(0, 10);
  const to = sameDay ? clock(endedAt) : formatUtcDateTime(endedAt);
  return `Checks from the monitor “${monitorName}” failed from ${clock(startedAt)} to ${to} UTC: ${clause(reason)}. They pass again; this incident is resolved.`;
}
