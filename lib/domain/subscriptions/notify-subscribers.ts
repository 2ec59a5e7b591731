import { db } from "@/lib/platform/db/client";
import type { EventType } from "@/lib/platform/events/catalogue";
import { storedEvent } from "@/lib/platform/events/record-event";
import type { EventConsumer, StoredEvent } from "@/lib/platform/events/types";
import type { NotificationKind, SubscriptionTopic } from "@/lib/generated/prisma/enums";
import { formatDateTime } from "@/lib/platform/text/format-date";
import { z } from "zod";
import { defineJob } from "@/lib/platform/jobs/define-job";
import { eventsStillPending } from "@/lib/platform/jobs/pending-event-work";
import { subscriberUpdateMail, updateWords, type SubscriberUpdate } from "@/lib/platform/mail/templates/subscriber-mails";
import { mailRatePerSecond, queueNotifications, type NotificationRecipient } from "@/lib/domain/notifications/queue-notifications";
import { portalLanguagesOf, type PortalLanguages } from "@/lib/platform/i18n/locales";
import { manageLink, portalLink, releaseNoteLink, unsubscribeHeaders, type PortalPlace } from "./links";

/** What the status page's subscribers are mailed about. */
export const STATUS_SUBSCRIBER_EVENTS = [
  "incident.created",
  "incident.updated",
  "incident.resolved",
  "maintenance.scheduled",
  "maintenance.started",
  "maintenance.completed",
  "maintenance.cancelled",
] as const satisfies readonly EventType[];

/** What the changelog's subscribers are mailed about. */
export const CHANGELOG_SUBSCRIBER_EVENTS = ["release_note.published"] as const satisfies readonly EventType[];

// Mail to status and changelog subscribers after an incident, a maintenance window or a release
// note. The event's consumer only queues the first fan-out job; each fan-out job takes one chunk of
// subscribers (by id), writes their NotificationDelivery rows and mail jobs in one transaction,
// then queues the next chunk. A list of ten thousand is thus many short transactions, and each
// mail's start time continues the previous chunk's spacing at MAIL_RATE_PER_SECOND.

export const FAN_OUT_JOB = "subscribers.fan_out";
export const FAN_OUT_CHUNK = 500;

function topicOf(type: EventType): SubscriptionTopic | null {
  if ((STATUS_SUBSCRIBER_EVENTS as readonly string[]).includes(type)) return "STATUS";
  if ((CHANGELOG_SUBSCRIBER_EVENTS as readonly string[]).includes(type)) return "CHANGELOG";
  return null;
}

export interface FanOutJob {
  eventId: string;
  /** The last subscriber id of the previous chunk; null for the first. */
  afterId: string | null;
  /** Mails queued by earlier chunks, so this chunk's start times follow theirs. */
  offset: number;
  /** When the first mail of the whole send may start (ISO 8601). */
  base: string;
  /** Set while the first chunk waits for an earlier event's send to be queued (ISO 8601, since when). */
  waitingSince?: string;
}

// Mails about one workspace's status (or changelog) go out in the order of their events: an
// incident opened and updated twice within seconds must reach each subscriber as open, update,
// update. The event jobs run several at a time, so a send first waits until every earlier event of
// its topic has queued its own mails; mail jobs then go out in the order they were queued. The
// wait is bounded: an earlier send stuck retrying for minutes does not hold the next one forever.
const ORDER_WAIT_MS = 2 * 60_000;
const ORDER_POLL_MS = 1_000;
const ORDER_LOOKBACK_MS = 30 * 60_000;

async function earlierSendPending(event: StoredEvent, topic: SubscriptionTopic): Promise<boolean> {
  const createdAt = new Date(event.createdAt);
  const types: readonly EventType[] = topic === "STATUS" ? STATUS_SUBSCRIBER_EVENTS : CHANGELOG_SUBSCRIBER_EVENTS;
  const earlier = await db.event.findMany({
    where: {
      workspaceId: event.workspaceId,
      type: { in: [...types] },
      createdAt: { gte: new Date(createdAt.getTime() - ORDER_LOOKBACK_MS), lte: createdAt },
      id: { not: event.id },
    },
    select: { id: true, createdAt: true },
    take: 200,
  });
  // Same instant: the id breaks the tie, the same way for every event of the burst.
  const before = earlier.filter((row) => row.createdAt < createdAt || row.id < event.id).map((row) => row.id);
  return eventsStillPending(before, subscriberNotificationConsumer.name, [FAN_OUT_JOB]);
}

export const subscriberNotificationConsumer: EventConsumer = {
  name: "subscriber-notifications",
  types: [...STATUS_SUBSCRIBER_EVENTS, ...CHANGELOG_SUBSCRIBER_EVENTS],
  async handle(event) {
    if (!topicOf(event.type)) return;
    const base = new Date().toISOString();
    await db.$transaction((tx) => fanOutJob.queue(tx, { eventId: event.id, afterId: null, offset: 0, base } satisfies FanOutJob, { singletonKey: `${event.id}:first` }));
  },
};

interface Subject {
  topic: SubscriptionTopic;
  kind: NotificationKind;
  subjectType: "incident" | "maintenance" | "release_note";
  subjectId: string;
  /** The components the event concerns (status only); subscribers to other components are left out. */
  componentIds: string[];
  /** The mail's words in one language. */
  update(locale: string | null): SubscriberUpdate & { subject: string };
}

type Data = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");

function summaryOf(markdown: string): string {
  const plain = markdown.replace(/```[\s\S]*?```/g, "").replace(/[#>*_`]/g, "").replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").trim();
  const first = plain.split(/\n\s*\n/)[0] ?? "";
  return first.length > 600 ? `${first.slice(0, 597).trimEnd()}…` : first;
}

// A window's times as the status page writes them, in the subscriber's language and in UTC (the
// mail's sentence names the zone once).
function utc(iso: string, locale: string | null): string {
  return iso ? formatDateTime(iso, "utc", locale ?? undefined) : "";
}

/** A status mail's words: the headline, its lines, and the components it concerns last. */
function statusUpdate(
  workspace: { name: string },
  place: PortalPlace,
  heading: string,
  lines: string[],
  components: Data[],
  words: ReturnType<typeof updateWords>,
): SubscriberUpdate & { subject: string } {
  const names = components.map((component) => text(component.name)).filter(Boolean).join(", ");
  return {
    workspaceName: workspace.name,
    topic: "STATUS",
    subject: `[${workspace.name}] ${heading}`,
    heading,
    lines: [...lines, ...(names ? [words.affects(names)] : [])].filter(Boolean),
    link: { href: portalLink(place, "status"), label: "viewStatus" },
  };
}

function subjectOf(event: StoredEvent, workspace: { name: string; slug: string; languages: PortalLanguages }): Subject | null {
  const placeFor = (locale: string | null): PortalPlace => ({ slug: workspace.slug, languages: workspace.languages, locale });
  const data = event.data as Data;
  const name = workspace.name;
  if (event.type.startsWith("incident.")) {
    const components = Array.isArray(data.components) ? (data.components as Data[]) : [];
    const latest = (data.latestUpdate ?? {}) as Data;
    const status = text(latest.status || data.status) as "investigating" | "identified" | "monitoring" | "resolved";
    return {
      topic: "STATUS",
      kind: "STATUS_UPDATE",
      subjectType: "incident",
      subjectId: text(data.id),
      componentIds: Array.isArray(data.componentIds) ? (data.componentIds as string[]) : [],
      update(locale) {
        const words = updateWords(locale);
        return statusUpdate(workspace, placeFor(locale), `${words.incident(status)}: ${text(data.title)}`, [text(latest.message)], components, words);
      },
    };
  }
  if (event.type.startsWith("maintenance.")) {
    const components = Array.isArray(data.components) ? (data.components as Data[]) : [];
    const state = event.type.slice("maintenance.".length) as "scheduled" | "started" | "completed" | "cancelled";
    return {
      topic: "STATUS",
      kind: "STATUS_UPDATE",
      subjectType: "maintenance",
      subjectId: text(data.id),
      componentIds: components.map((component) => text(component.id)).filter(Boolean),
      update(locale) {
        const words = updateWords(locale);
        const window = words.window(utc(text(data.startsAt), locale), utc(text(data.endsAt), locale));
        return statusUpdate(workspace, placeFor(locale), `${words.maintenance(state)}: ${text(data.title)}`, [text(data.message), window], components, words);
      },
    };
  }
  if (event.type === "release_note.published") {
    return {
      topic: "CHANGELOG",
      kind: "CHANGELOG",
      subjectType: "release_note",
      subjectId: text(data.id),
      componentIds: [],
      update(locale) {
        return {
          workspaceName: name,
          topic: "CHANGELOG",
          subject: `[${name}] ${text(data.title)}`,
          heading: text(data.title),
          lines: [summaryOf(text(data.body))].filter(Boolean),
          link: { href: releaseNoteLink(placeFor(locale), text(data.id)), label: "viewNote" },
        };
      },
    };
  }
  return null;
}

/** One chunk of one event's subscribers: their delivery rows and mail jobs, then the next chunk's job. */
export async function fanOutToSubscribers(job: FanOutJob, now = new Date()): Promise<void> {
  const row = await db.event.findUnique({ where: { id: job.eventId } });
  if (!row) return; // gone with its workspace
  const event = storedEvent(row);
  const workspace = await db.workspace.findUnique({
    where: { id: event.workspaceId },
    select: { name: true, slug: true, notifyStatusSubscribers: true, notifyChangelogSubscribers: true, portalDefaultLocale: true, portalLocales: true },
  });
  const languages = workspace ? portalLanguagesOf(workspace) : null;
  const subject = workspace && languages && subjectOf(event, { ...workspace, languages });
  if (!workspace || !languages || !subject) return;
  const switchedOn = subject.topic === "STATUS" ? workspace.notifyStatusSubscribers : workspace.notifyChangelogSubscribers;

  if (job.afterId === null) {
    const waitingSince = job.waitingSince ?? now.toISOString();
    if (now.getTime() - new Date(waitingSince).getTime() < ORDER_WAIT_MS && (await earlierSendPending(event, subject.topic))) {
      const retry: FanOutJob = { ...job, waitingSince };
      await db.$transaction((tx) => fanOutJob.queue(tx, retry, { singletonKey: `${event.id}:first`, startAfter: new Date(now.getTime() + ORDER_POLL_MS) }));
      return;
    }
  }

  const subscribers = await db.subscriber.findMany({
    where: {
      workspaceId: event.workspaceId,
      topic: subject.topic,
      confirmedAt: { not: null },
      ...(job.afterId ? { id: { gt: job.afterId } } : {}),
      // Those who chose no component hear about everything; the others only about theirs. A
      // component deleted since still sits in their list and simply never matches.
      ...(subject.topic === "STATUS" ? { OR: [{ componentIds: { isEmpty: true } }, { componentIds: { hasSome: subject.componentIds } }] } : {}),
    },
    orderBy: { id: "asc" },
    take: FAN_OUT_CHUNK,
    select: { id: true, email: true, locale: true },
  });
  if (subscribers.length === 0) return;

  const byLocale = new Map<string, ReturnType<Subject["update"]>>();
  const recipients: NotificationRecipient[] = subscribers.map((subscriber) => {
    if (!switchedOn) return { recipient: subscriber.email, suppressed: "the workspace turned these notifications off" };
    const key = subscriber.locale ?? "";
    if (!byLocale.has(key)) byLocale.set(key, subject.update(subscriber.locale));
    const content = subscriberUpdateMail(byLocale.get(key)!, {
      locale: subscriber.locale,
      manageLink: manageLink({ slug: workspace.slug, languages, locale: subscriber.locale }, subscriber.id),
      headers: unsubscribeHeaders(workspace.slug, subscriber.id),
    });
    return { recipient: subscriber.email, content };
  });

  const rate = mailRatePerSecond();
  // Where this chunk's spacing starts: right after the previous chunk's last mail, or now if that
  // time has passed (a chunk picked up late must not send its whole share in one burst).
  const planned = new Date(job.base).getTime() + (job.offset * 1000) / rate;
  const start = new Date(Math.max(planned, now.getTime()));
  const queued = await queueNotifications(
    { workspaceId: event.workspaceId, kind: subject.kind, subjectType: subject.subjectType, subjectId: subject.subjectId, eventId: event.id, recipients, ratePerSecond: rate },
    start,
  );
  if (subscribers.length < FAN_OUT_CHUNK) return;
  const next: FanOutJob = { eventId: event.id, afterId: subscribers.at(-1)!.id, offset: job.offset + queued, base: new Date(start.getTime() - (job.offset * 1000) / rate).toISOString() };
  await db.$transaction((tx) => fanOutJob.queue(tx, next, { singletonKey: `${event.id}:${next.afterId}` }));
}

/** One chunk of an event's mails to subscribers. */
export const fanOutJob = defineJob({
  name: FAN_OUT_JOB,
  payload: z.strictObject({
    eventId: z.string().min(1),
    afterId: z.string().min(1).nullable(),
    offset: z.number().int().min(0),
    base: z.iso.datetime(),
    waitingSince: z.iso.datetime().optional(),
  }),
  handle: (data: FanOutJob) => fanOutToSubscribers(data),
});
