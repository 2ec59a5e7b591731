import { DomainError } from "@/lib/platform/core/errors";

/** A schedule this close behind now is a form submitted a moment late, not a backdated note. */
export const SCHEDULE_GRACE_MS = 1_000;
export const MAX_SCHEDULE_DAYS = 366;

/**
 * The instant a note goes live: now when publishing at once, or the requested schedule, which
 * must lie ahead (a date in the past would publish it backdated, out of the changelog's order).
 */
export function publicationDate(requested: string | undefined, now: Date): Date {
  if (requested === undefined) return now;
  const at = new Date(requested);
  if (at.getTime() < now.getTime() - SCHEDULE_GRACE_MS) {
    throw new DomainError("VALIDATION_ERROR", "The schedule is in the past.", [
      { path: "publishedAt", message: "This date and time has already passed. Pick a moment in the future, or publish now.", code: "in_past" },
    ]);
  }
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) {
    throw new DomainError("VALIDATION_ERROR", "The schedule is too far ahead.", [
      { path: "publishedAt", message: `Schedule at most ${MAX_SCHEDULE_DAYS} days ahead.`, code: "too_big" },
    ]);
  }
  return at.getTime() < now.getTime() ? now : at;
}
