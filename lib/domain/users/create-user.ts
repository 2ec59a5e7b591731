import { db } from "@/lib/platform/db/client";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { hashPassword } from "@/lib/platform/auth/password";
import type { PortalLocale } from "@/lib/platform/i18n/locales";
import { setAsideUnclaimed } from "./imported-identity";
import { signUpSchema, type SignUpInput } from "./schemas";
import { fieldErrorsOf, type FormResult } from "@/lib/platform/forms/forms";

export type CreatedUser = { id: string; email: string; name: string | null };

/**
 * Writes an email-and-password account, unverified: it can sign in, but no invitation can be
 * accepted with it until the address is proven (lib/domain/users/verify-email.ts). An address that already
 * has an account (other than an unclaimed one an import made, which is set aside) is reported as `taken` for the caller to handle without telling the visitor; the
 * password is hashed either way, so both answers take as long.
 */
export type CreateUserResult = FormResult<CreatedUser> | { ok: false; taken: true; email: string; fieldErrors: Record<string, never> };

export async function createUser(input: SignUpInput, options: { portalLocale?: PortalLocale } = {}): Promise<CreateUserResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const { email, password, name } = parsed.data;

  const passwordHash = await hashPassword(password);
  const create = () =>
    db.user.create({
      data: { email, name: name || null, passwordHash, portalLocale: options.portalLocale ?? null },
      select: { id: true, email: true, name: true },
    });
  try {
    return { ok: true, data: await create() };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // The address may be held by someone an import brought in, unclaimed: set aside, it is free for
  // this sign-up, and what it held waits for the address to be proven (./imported-identity.ts).
  if (!(await setAsideUnclaimed(email))) return { ok: false, taken: true, email, fieldErrors: {} };
  try {
    return { ok: true, data: await create() };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, taken: true, email, fieldErrors: {} };
    throw error;
  }
}
