import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/platform/db/client";
import type { EmailToken, EmailTokenPurpose, Prisma } from "@/lib/generated/prisma/client";

// Links mailed to an address (verify it, accept an invitation; later reset a password or change
// the address): 256 random bits in the link, only their SHA-256 in the database. A fast hash is
// enough for a random secret of that size, and a copy of the table yields no working link. Each
// link works once (usedAt is set atomically) and until expiresAt.

export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  VERIFY_EMAIL: 24 * 60 * 60 * 1000,
  INVITATION: 7 * 24 * 60 * 60 * 1000,
  RESET_PASSWORD: 60 * 60 * 1000,
  CHANGE_EMAIL: 24 * 60 * 60 * 1000,
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(raw: string): string {
  return createHash("sha256").update(raw).digest("hex");
}

/** A new token: the raw value for the link, and the row data to store (hash only). */
export function newEmailToken(purpose: EmailTokenPurpose, email: string, now = new Date()) {
  const raw = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
  return { raw, expiresAt, data: { purpose, email, tokenHash: hashToken(raw), expiresAt } };
}

type Client = Pick<Prisma.TransactionClient, "emailToken">;

/** Stores a token tied to an account (verification, reset, change of address); returns the raw value. */
export async function issueUserToken(
  purpose: Exclude<EmailTokenPurpose, "INVITATION">,
  user: { id: string; email: string },
  client: Client = db,
): Promise<{ raw: string; expiresAt: Date }> {
  const token = newEmailToken(purpose, user.email);
  await client.emailToken.create({ data: { ...token.data, userId: user.id } });
  return { raw: token.raw, expiresAt: token.expiresAt };
}

export type TokenFailure = "invalid" | "expired" | "used";
export type ConsumeResult = { ok: true; token: EmailToken } | { ok: false; reason: TokenFailure; token?: EmailToken };

/** The token row behind a link, without using it up (for pages that show what a link is for). */
export async function findEmailToken(purpose: EmailTokenPurpose, raw: unknown, client: Client = db): Promise<ConsumeResult> {
  if (typeof raw !== "string" || !TOKEN_SHAPE.test(raw)) return { ok: false, reason: "invalid" };
  const token = await client.emailToken.findUnique({ where: { tokenHash: hashToken(raw) } });
  if (!token || token.purpose !== purpose) return { ok: false, reason: "invalid" };
  if (token.usedAt) return { ok: false, reason: "used", token };
  if (token.expiresAt <= new Date()) return { ok: false, reason: "expired", token };
  return { ok: true, token };
}

/** Uses a link up: exactly one caller gets ok for a given token, however many race. */
export async function consumeEmailToken(purpose: EmailTokenPurpose, raw: unknown, client: Client = db): Promise<ConsumeResult> {
  const found = await findEmailToken(purpose, raw, client);
  if (!found.ok) return found;
  const now = new Date();
  const { count } = await client.emailToken.updateMany({
    where: { id: found.token.id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count === 1) return { ok: true, token: { ...found.token, usedAt: now } };
  return { ok: false, reason: "used", token: found.token };
}
