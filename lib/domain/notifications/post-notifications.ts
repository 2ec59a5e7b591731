import { db } from "@/lib/platform/db/client";
import type { EventType } from "@/lib/platform/events/catalogue";
import type { EventConsumer, StoredEvent } from "@/lib/platform/events/types";
import type { NotificationKind, PostStatus } from "@/lib/generated/prisma/enums";
import { DEFAULT_PORTAL_LOCALE, isPortalLocale, portalPath, type PortalLocale } from "@/lib/platform/i18n/locales";
import { postUpdateMail, type PostUpdate } from "@/lib/platform/mail/templates/post-update";
import { absoluteUrl } from "@/lib/platform/config/site-url";
import { isPublicBoard, isPublishedPortal } from "@/lib/domain/access/visibility";
import { mailRatePerSecond, queueNotifications, type NotificationRecipient } from "./queue-notifications";
import { unsubscribeToken } from "./unsubscribe-token";

// Mail to the people of a post — its author, voters and commenters — when its status changes and
// when the team replies. One mail per person per change (queueNotifications keys each on the
// event and the address, so a replayed event mails no one twice), never to whoever made the change.
// Everyone skipped for a choice (theirs or the workspace's) is still recorded, with the reason.

interface Change {
  kind: NotificationKind;
  postId: string;
  actorId: string | null;
  update: PostUpdate;
}

function changeOf(event: StoredEvent): Change | null {
  if (event.type === "post.status_changed") {
    const postId = String(event.data.id ?? "");
    const from = event.previous?.status as PostStatus | undefined;
    const to = event.data.status as PostStatus | undefined;
    if (!postId || !from || !to) return null;
    const { actorId = null, note = null } = event.context ?? {};
    return { kind: "POST_STATUS", postId, actorId, update: { kind: "status", from, to, note } };
  }
  // Only the team's replies mail the post's people; visitors talking among themselves do not.
  if (event.type === "comment.created" && event.data.isTeamReply === true) {
    const postId = String(event.data.postId ?? "");
    if (!postId) return null;
    const actorId = typeof event.data.authorId === "string" ? event.data.authorId : null;
    return { kind: "POST_REPLY", postId, actorId, update: { kind: "reply", body: String(event.data.body ?? "") } };
  }
  return null;
}

function whySuppressed(
  workspace: { notifyPostUpdates: boolean; portalPublished: boolean },
  board: { isPublic: boolean },
  level: "ALL" | "OWN_POSTS" | "NONE",
  isAuthor: boolean,
): string | undefined {
  if (!workspace.notifyPostUpdates) return "the workspace turned off mail about posts";
  // The mail's link leads to the post on the portal: a private board or an unpublished portal has none to show.
  if (!isPublishedPortal(workspace) || !isPublicBoard(board)) return "the post is not on the public portal";
  if (level === "NONE") return "the recipient turned off mail about posts";
  if (level === "OWN_POSTS" && !isAuthor) return "the recipient only wants mail about posts they created";
  return undefined;
}

/** Mails (or records as suppressed) everyone a post update concerns; returns the number of mails queued. */
export async function notifyPostPeople(event: StoredEvent): Promise<number> {
  const change = changeOf(event);
  if (!change) return 0;
  const workspace = await db.workspace.findUnique({
    where: { id: event.workspaceId },
    select: { name: true, slug: true, notifyPostUpdates: true, portalPublished: true, portalDefaultLocale: true, portalLocales: true },
  });
  const post = await db.post.findFirst({
    where: { id: change.postId, workspaceId: event.workspaceId },
    select: { id: true, title: true, authorId: true, board: { select: { isPublic: true } } },
  });
  if (!workspace || !post) return 0;

  const [votes, comments] = await Promise.all([
    db.vote.findMany({ where: { postId: post.id }, select: { userId: true } }),
    db.comment.findMany({ where: { postId: post.id, authorId: { not: null } }, select: { authorId: true } }),
  ]);
  const people = new Set<string>([...(post.authorId ? [post.authorId] : []), ...votes.map((v) => v.userId), ...comments.map((c) => c.authorId!)]);
  if (change.actorId) people.delete(change.actorId);
  if (people.size === 0) return 0;

  const [users, preferences] = await Promise.all([
    // SSO visitors are left out: their only address is the customer's unproven word (docs/architecture.md, "Visitor identity").
    db.user.findMany({ where: { id: { in: [...people] }, ssoWorkspaceId: null }, select: { id: true, email: true } }),
    db.postNotificationPreference.findMany({ where: { workspaceId: event.workspaceId, userId: { in: [...people] } } }),
  ]);
  const preferenceOf = new Map(preferences.map((p) => [p.userId, p]));
  const defaultLocale = isPortalLocale(workspace.portalDefaultLocale) ? workspace.portalDefaultLocale : DEFAULT_PORTAL_LOCALE;

  const recipients: NotificationRecipient[] = users.map((user) => {
    const preference = preferenceOf.get(user.id);
    const suppressed = whySuppressed(workspace, post.board, preference?.level ?? "ALL", user.id === post.authorId);
    if (suppressed) return { recipient: user.email, suppressed };
    const chosen = preference?.locale;
    const locale: PortalLocale = isPortalLocale(chosen) && workspace.portalLocales.includes(chosen) ? chosen : defaultLocale;
    const token = unsubscribeToken(user.id, event.workspaceId);
    const content = postUpdateMail({
      workspaceName: workspace.name,
      postTitle: post.title,
      update: change.update,
      postLink: absoluteUrl(portalPath(workspace.slug, locale, defaultLocale, `/posts/${post.id}`)).toString(),
      unsubscribeLink: absoluteUrl(`/unsubscribe/${token}`).toString(),
      oneClickLink: absoluteUrl(`/api/unsubscribe/${token}`).toString(),
      locale,
    });
    return { recipient: user.email, content };
  });

  return queueNotifications({
    workspaceId: event.workspaceId,
    kind: change.kind,
    subjectType: "post",
    subjectId: post.id,
    eventId: event.id,
    recipients,
    ratePerSecond: mailRatePerSecond(),
  });
}

/** What a post's people (author, voters, commenters) may be mailed about. */
export const POST_NOTIFICATION_EVENTS = ["post.status_changed", "comment.created"] as const satisfies readonly EventType[];

export const postNotificationConsumer: EventConsumer = {
  name: "notifications.post",
  types: POST_NOTIFICATION_EVENTS,
  async handle(event) {
    await notifyPostPeople(event);
  },
};
