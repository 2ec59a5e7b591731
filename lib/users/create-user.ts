import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { hashPassword } from "@/lib/auth/password";
import { attachInvitations, attachInvitationsTx } from "@/lib/members/attach-invitations";
import { signUpSchema, type SignUpInput } from "./schemas";
import { fieldErrorsOf, type FormResult } from "@/lib/forms";

export type CreatedUser = { id: string; email: string; name: string | null };

/**
 * Registers an email-and-password account and turns any pending invitations for that address
 * into memberships, in one transaction: either the account exists with its memberships or
 * nothing was written. Invitations written while it was in flight attach right after.
 */
export async function createUser(input: SignUpInput): Promise<FormResult<CreatedUser>> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const { email, password, name } = parsed.data;

  const passwordHash = await hashPassword(password);
  try {
    const user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { email, name: name || null, passwordHash },
        select: { id: true, email: true, name: true },
      });
      await attachInvitationsTx(tx, created);
      return created;
    });
    await attachInvitations(user);
    return { ok: true, data: user };
  } catch (error) {
    if (isUniqueViolation(error)) {
      return { ok: false, fieldErrors: { email: "An account with this email already exists. Sign in instead." } };
    }
    throw error;
  }
}
