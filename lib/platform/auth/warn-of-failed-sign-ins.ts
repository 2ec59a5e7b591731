import { db } from "@/lib/platform/db/client";
import { appBaseUrl } from "@/lib/platform/mail/config";
import { queueMail } from "@/lib/platform/mail/send-mail";
import { signInFailuresMail } from "@/lib/platform/mail/templates/sign-in-failures";

/** The owner hears about this many wrong passwords within the window, from any addresses, once a window. */
export const SIGN_IN_WARNING = { failures: 10, windowMs: 60 * 60_000 } as const;

/**
 * Notes one wrong password on an existing account and, once the window holds enough of them, mails
 * the owner: how many, from how many addresses, and that nothing needs doing if it was them. The
 * mail is claimed by a conditional update of the account, so concurrent failures send it once.
 */
export async function warnOfFailedSignIn(user: { id: string; email: string }, ip: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - SIGN_IN_WARNING.windowMs);
  await db.signInFailure.create({ data: { userId: user.id, ip, createdAt: now } });
  await db.signInFailure.deleteMany({ where: { userId: user.id, createdAt: { lt: since } } });
  const byAddress = await db.signInFailure.groupBy({ by: ["ip"], where: { userId: user.id, createdAt: { gte: since } }, _count: { _all: true } });
  const failures = byAddress.reduce((sum, group) => sum + group._count._all, 0);
  if (failures < SIGN_IN_WARNING.failures) return;
  const claimed = await db.user.updateMany({
    where: { id: user.id, OR: [{ signInWarningSentAt: null }, { signInWarningSentAt: { lte: since } }] },
    data: { signInWarningSentAt: now },
  });
  if (claimed.count === 0) return;
  const resetLink = `${appBaseUrl()}/forgot-password?email=${encodeURIComponent(user.email)}`;
  await queueMail(user.email, signInFailuresMail({ failures, addresses: byAddress.length, resetLink }));
}
