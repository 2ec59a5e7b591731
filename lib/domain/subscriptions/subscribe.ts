import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SubscriptionTopic } from "@/lib/generated/prisma/enums";
import { renderMail } from "@/lib/platform/mail/render";
import { sendMailJob } from "@/lib/platform/mail/send-mail";
import { subscriptionConfirmMail } from "@/lib/platform/mail/templates/subscriber-mails";
import { portalLanguagesOf, type PortalLanguages } from "@/lib/platform/i18n/locales";
import { clientNetwork, UNKNOWN_IP } from "@/lib/platform/server/client-ip";
import { confirmLink } from "./links";
import { forgetAfter, forgetUnconfirmedJob } from "./forget-unconfirmed";
import { CONFIRM_RESEND_MS, CONFIRM_WINDOW_MS, mailboxOf, normalizeEmail, SUBSCRIBE_ANSWER_FLOOR_MS, subscribeAddressLimiter, subscribeIpLimiter } from "./rules";
import { hashToken, manageTokenFor, newConfirmToken } from "./tokens";
import { validComponentIds } from "./valid-components";

export interface SubscribeInput {
  /** `languages` when the caller has them (the portal's action does); read here otherwise. */
  workspace: { id: string; slug: string; name: string; languages?: PortalLanguages };
  topic: SubscriptionTopic;
  email: unknown;
  /** Status components (STATUS only); empty or absent: all. Ids not in the workspace are dropped. */
  componentIds?: unknown;
  /** The portal language the visitor used, for their mails. */
  locale?: string | null;
  ip: string;
}

/** Requests for the same mailbox take turns until the transaction ends: two at once cannot both take one slot. */
async function lockMailbox(tx: Prisma.TransactionClient, mailbox: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`subscribe-confirm:${mailbox}`}, 0))`;
}

/**
 * When this address may get its next confirmation mail: now, or ten minutes after the last one it
 * was sent or promised, for any subscription on any portal. A second request inside that time
 * (the changelog after the status page, or another portal) is not dropped: its mail waits for its
 * turn, so the visitor still gets the link and the address still gets at most one mail per ten
 * minutes. Call it holding the address's lock (lockMailbox).
 */
async function nextConfirmationSlot(tx: Prisma.TransactionClient, email: string, now: Date): Promise<Date> {
  const { _max } = await tx.subscriber.aggregate({ where: { email, confirmSentAt: { not: null } }, _max: { confirmSentAt: true } });
  const last = _max.confirmSentAt;
  return last && last.getTime() + CONFIRM_RESEND_MS > now.getTime() ? new Date(last.getTime() + CONFIRM_RESEND_MS) : now;
}

/**
 * A visitor asks for mail (double opt-in): a confirmation link goes to the address, in a mail job
 * written in the same transaction as the row. The answer is the same whether the address was new,
 * waiting for confirmation or already subscribed, and whether a mail went out: nothing tells a
 * stranger who is subscribed. At most one confirmation mail per address per ten minutes, across
 * every portal and topic; a confirmed subscription is left as it is (its mails carry the link that
 * changes it). Limits count the client's network and the address's mailbox (mailboxOf), and
 * every answer takes at least `answerFloorMs` (SUBSCRIBE_ANSWER_FLOOR_MS unless the caller says
 * otherwise), so its timing does not tell either.
 */
export async function subscribe(
  input: SubscribeInput,
  now = new Date(),
  { answerFloorMs = SUBSCRIBE_ANSWER_FLOOR_MS }: { answerFloorMs?: number } = {},
): Promise<{ accepted: true }> {
  const started = performance.now();
  try {
    return await subscribeNow(input, now);
  } finally {
    const left = answerFloorMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

async function subscribeNow(input: SubscribeInput, now: Date): Promise<{ accepted: true }> {
  const email = normalizeEmail(input.email);
  const mailbox = mailboxOf(email);
  if (input.ip !== UNKNOWN_IP) {
    const perIp = await subscribeIpLimiter().limit(clientNetwork(input.ip));
    if (!perIp.success) {
      throw new DomainError("RATE_LIMITED", "Too many subscriptions from this network. Try again in an hour.", undefined, Math.max(1, Math.ceil((perIp.reset - now.getTime()) / 1000)));
    }
  }
  const componentIds = input.topic === "STATUS" ? await validComponentIds(input.workspace.id, input.componentIds) : [];
  const workspaceId = input.workspace.id;
  const languages =
    input.workspace.languages ?? portalLanguagesOf(await db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { portalDefaultLocale: true, portalLocales: true } }));
  const place = { slug: input.workspace.slug, languages, locale: input.locale };
  const key = { workspaceId_topic_email: { workspaceId, topic: input.topic, email } };

  await db.$transaction(async (tx) => {
    await lockMailbox(tx, mailbox);
    // Unconfirmed subscriptions past their window are forgotten by their own job; any its worker has
    // not reached yet go here.
    await tx.subscriber.deleteMany({ where: { workspaceId, confirmedAt: null, OR: [{ confirmSentAt: null }, { confirmSentAt: { lt: new Date(now.getTime() - CONFIRM_WINDOW_MS) } }] } });
    const existing = await tx.subscriber.findUnique({ where: key });
    if (existing?.confirmedAt) return;
    if (existing?.confirmSentAt && now.getTime() - existing.confirmSentAt.getTime() < CONFIRM_RESEND_MS) return;
    const perAddress = await subscribeAddressLimiter().limit(mailbox);
    if (!perAddress.success) return;
    const sendAt = await nextConfirmationSlot(tx, email, now);
    const token = newConfirmToken();
    const fields = { componentIds, locale: input.locale ?? null, confirmTokenHash: token.hash, confirmSentAt: sendAt };
    let subscriberId: string;
    if (existing) {
      await tx.subscriber.update({ where: { id: existing.id }, data: fields });
      subscriberId = existing.id;
    } else {
      // The manage hash needs the id, which the insert makes: a placeholder unique value first.
      const created = await tx.subscriber.create({ data: { workspaceId, topic: input.topic, email, manageTokenHash: `pending:${token.hash}`, ...fields } });
      await tx.subscriber.update({ where: { id: created.id }, data: { manageTokenHash: hashToken(manageTokenFor(created.id)) } });
      subscriberId = created.id;
    }
    await forgetUnconfirmedJob.queue(tx, { subscriberId }, { startAfter: forgetAfter(sendAt) });
    const mail = subscriptionConfirmMail({ workspaceName: input.workspace.name, topic: input.topic, locale: input.locale, link: confirmLink(place, token.raw) });
    await sendMailJob.queue(tx, { message: renderMail(email, mail) }, { startAfter: sendAt });
  }).catch((error: unknown) => {
    // The same address posted twice at once: the other request made the row and sent the mail.
    if (!isUniqueViolation(error)) throw error;
  });
  return { accepted: true };
}
