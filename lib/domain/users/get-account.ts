import { db } from "@/lib/platform/db/client";
import { ownedWorkspaceFates } from "./owned-workspaces";

export interface AccountView {
  email: string;
  name: string | null;
  emailVerified: boolean;
  hasPassword: boolean;
  /** Providers linked for sign-in (github, google). */
  providers: string[];
  /** What deleting the account would do, so the page says it before anyone tries. */
  deletion: { blocking: string[]; deletedWithIt: string[] };
}

/** The account page's data, read afresh (never from the session cookie). */
export async function getAccount(userId: string): Promise<AccountView | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, name: true, emailVerifiedAt: true, passwordHash: true, oauthAccounts: { select: { provider: true } } },
  });
  if (!user) return null;
  const { blocking, alone } = await ownedWorkspaceFates(db, userId, { lock: false });
  return {
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    providers: [...new Set(user.oauthAccounts.map((account) => account.provider))].sort(),
    deletion: { blocking: blocking.map((workspace) => workspace.name), deletedWithIt: alone.map((workspace) => workspace.name) },
  };
}
