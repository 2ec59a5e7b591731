import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";

/**
 * The account an integration names when it acts for someone (a vote, a comment), by the address
 * the account signed up with. Only existing accounts: nobody gets an account, or a vote in their
 * name, from a third party's say-so alone, and an address attaches to an account only once its
 * owner has proven it.
 */
export async function findPersonByEmail(email: string): Promise<{ id: string; email: string }> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (!user) {
    throw new DomainError("NOT_FOUND", "No account uses this address. The person needs to sign in to the portal once before votes or comments can be recorded for them.", [
      { path: "email", message: "No account uses this address.", code: "not_found" },
    ]);
  }
  return user;
}
