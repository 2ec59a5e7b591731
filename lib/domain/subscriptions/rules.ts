import { DomainError } from "@/lib/platform/core/errors";
import { plainTextProblem } from "@/lib/platform/core/schemas";
import type { SubscriptionTopic } from "@/lib/generated/prisma/enums";
import { lazyLimiter } from "@/lib/domain/posts/visitor-limits";

/** An unconfirmed subscription is forgotten after this long: its link stops working and it gets nothing. */
export const CONFIRM_WINDOW_MS = 48 * 60 * 60_000;
/** At most one confirmation mail per address (and subscription) in this long, whatever is posted. */
export const CONFIRM_RESEND_MS = 10 * 60_000;
export const MAX_EMAIL_LENGTH = 254;
export const TOPICS = ["STATUS", "CHANGELOG"] as const satisfies readonly SubscriptionTopic[];

// One network (an IPv4 /24, an IPv6 /64: clientNetwork) may try a handful of addresses (a family,
// an office); a script walking a list hits the wall, however many addresses of its network it
// sends from. Per mailbox (mailboxOf), across every portal, so no one can flood a stranger's inbox
// by subscribing them to many workspaces, nor by writing their address with a new +tag each time.
export const subscribeIpLimiter = lazyLimiter({ prefix: "subscribe-ip", limit: 20, windowMs: 60 * 60_000 });
export const subscribeAddressLimiter = lazyLimiter({ prefix: "subscribe-address", limit: 6, windowMs: 60 * 60_000 });

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** The address as stored (trimmed, lowercase), or a VALIDATION_ERROR that says what is wrong. */
export function normalizeEmail(input: unknown): string {
  const value = typeof input === "string" ? input.trim().toLowerCase() : "";
  const fail = (message: string) => {
    throw new DomainError("VALIDATION_ERROR", message, [{ path: "email", message, code: "invalid_email" }]);
  };
  if (!value) fail("Enter an email address.");
  if (value.length > MAX_EMAIL_LENGTH) fail(`An email address has at most ${MAX_EMAIL_LENGTH} characters.`);
  const problem = plainTextProblem(value, "The email address");
  if (problem) fail(problem);
  if (!EMAIL_SHAPE.test(value)) fail("That is not an email address (name@example.com).");
  return value;
}

/**
 * The inbox an address delivers to, for per-address limits: lowercase, without a +tag
 * (`Jane+news@example.com` and `jane+x@example.com` are both `jane@example.com`), since most mail
 * providers deliver every tag to the same inbox.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at).toLowerCase();
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at).toLowerCase()}`;
}

/**
 * How long a subscribe request takes at least, whatever it found. An address already confirmed
 * needs no mail and no write, so without a floor its answer comes measurably sooner, which tells
 * a stranger who is subscribed; every answer is held until this much time has passed instead.
 */
export const SUBSCRIBE_ANSWER_FLOOR_MS = 250;

export function isTopic(value: unknown): value is SubscriptionTopic {
  return typeof value === "string" && (TOPICS as readonly string[]).includes(value);
}

/** Whether an unconfirmed subscription is still within its window. */
export function confirmationLive(sentAt: Date | null, now: Date): boolean {
  return sentAt !== null && now.getTime() - sentAt.getTime() < CONFIRM_WINDOW_MS;
}
