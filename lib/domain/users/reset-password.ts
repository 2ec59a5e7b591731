import { hashPassword } from "@/lib/platform/auth/password";
import { endAllSessions } from "@/lib/platform/auth/sessions";
import { db } from "@/lib/platform/db/client";
import type { FormResult } from "@/lib/platform/forms/forms";
import { consumeEmailToken, findEmailToken, type TokenFailure } from "@/lib/platform/tokens/email-token";
import { claimHeldContributions } from "./imported-identity";
import { passwordSchema } from "./schemas";

/** What the reset page says about a link that cannot be used; each offers a new one. */
export const RESET_LINK_PROBLEMS: Record<TokenFailure, string> = {
  expired: "This reset link has expired. Links work for one hour after they are sent.",
  used: "This reset link was already used. Each link works once.",
  invalid: "This reset link is not valid. It may be incomplete, or a newer one replaced it.",
};

/** Whether a reset link can still be used, without using it (the page shows the form or the problem). */
export async function checkResetLink(raw: unknown): Promise<{ ok: true; email: string } | { ok: false; reason: TokenFailure }> {
  const found = await findEmailToken("RESET_PASSWORD", raw);
  return found.ok ? { ok: true, email: found.token.email } : { ok: false, reason: found.reason };
}

/**
 * Sets a new password from a reset link. The password is checked first, so a too-short one does
 * not use the link up. The link works once and only while the account still has the address it
 * was sent to. Following it proves that address, so an unconfirmed account becomes confirmed; and
 * it ends every session of the account (whoever else was signed in is out), its other reset links
 * included.
 */
export async function resetPassword(input: { token: unknown; password: unknown }): Promise<FormResult<{ email: string }>> {
  const password = passwordSchema.safeParse(input.password);
  if (!password.success) return { ok: false, fieldErrors: { password: password.error.issues[0]?.message ?? "Enter a password." } };
  const usable = await checkResetLink(input.token);
  if (!usable.ok) return { ok: false, fieldErrors: { form: RESET_LINK_PROBLEMS[usable.reason] } };
  const passwordHash = await hashPassword(password.data);

  const outcome = await db.$transaction(async (tx) => {
    const used = await consumeEmailToken("RESET_PASSWORD", input.token, tx);
    if (!used.ok || !used.token.userId) return { ok: false as const, reason: used.ok ? ("invalid" as const) : used.reason };
    const { userId, email } = used.token;
    const now = new Date();
    const { count } = await tx.user.updateMany({ where: { id: userId, email }, data: { passwordHash } });
    if (count !== 1) return { ok: false as const, reason: "invalid" as const };
    await tx.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    await tx.emailToken.updateMany({ where: { userId, purpose: "RESET_PASSWORD", usedAt: null }, data: { usedAt: now } });
    return { ok: true as const, userId, email };
  });
  if (!outcome.ok) return { ok: false, fieldErrors: { form: RESET_LINK_PROBLEMS[outcome.reason] } };
  await endAllSessions(outcome.userId);
  await claimHeldContributions(outcome.userId, outcome.email);
  return { ok: true, data: { email: outcome.email } };
}
