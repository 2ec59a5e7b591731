import { db } from "@/lib/platform/db/client";
import { decoyHash, verifyPassword } from "./password";
import { clearSignInFailures, recordSignInFailure, signInWait } from "./sign-in-delays";
import { throttle } from "./throttles";
import { warnOfFailedSignIn } from "./warn-of-failed-sign-ins";

export type PasswordAttempt =
  | { outcome: "right"; user: { id: string; email: string; name: string | null } }
  | { outcome: "wrong" }
  | { outcome: "wait"; retryAfterSeconds: number };

/**
 * One password tried for one address from one client: the sign-in form and the account page's
 * "current password" both come here, so neither is a way around the other's waits. A client still
 * waiting is refused before any password is checked. Then the per-IP budget of password checks,
 * then the check itself (against a decoy hash for an unknown address, so the answer and its timing
 * tell nothing about which addresses have accounts; its failures are counted all the same).
 */
export async function attemptPassword(email: string, password: string, ip: string): Promise<PasswordAttempt> {
  const wait = await signInWait(email, ip);
  if (wait > 0) return { outcome: "wait", retryAfterSeconds: wait };
  const budget = await throttle([["signInIp", ip]]);
  if (!budget.ok) return { outcome: "wait", retryAfterSeconds: budget.retryAfterSeconds };

  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, name: true, passwordHash: true } });
  const right = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await decoyHash(), password).then(() => false);
  if (user && right) {
    await clearSignInFailures(email, ip);
    return { outcome: "right", user: { id: user.id, email: user.email, name: user.name } };
  }
  await recordSignInFailure(email, ip);
  if (user) await warnOfFailedSignIn(user, ip);
  return { outcome: "wrong" };
}
