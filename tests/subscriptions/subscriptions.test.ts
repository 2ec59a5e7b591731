import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as oneClickRoute from "@/app/api/subscriptions/unsubscribe/route";
import { db } from "@/lib/platform/db/client";
import { formatDateTime } from "@/lib/platform/text/format-date";
import type { JobWorker } from "@/lib/platform/jobs/worker";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { createReleaseNote } from "@/lib/domain/changelog/create-release-note";
import { publishDue } from "@/lib/domain/changelog/publication-event";
import { createComponent } from "@/lib/domain/status/create-component";
import { createIncident } from "@/lib/domain/status/create-incident";
import { cancelMaintenance } from "@/lib/domain/status/cancel-maintenance";
import { deleteComponent } from "@/lib/domain/status/delete-component";
import { maintenanceBoundary } from "@/lib/domain/status/maintenance-events";
import { scheduleMaintenance } from "@/lib/domain/status/schedule-maintenance";
import { updateIncident } from "@/lib/domain/status/update-incident";
import { confirmSubscription } from "@/lib/domain/subscriptions/confirm-subscription";
import { getSubscriptionByToken, updateSubscriptionComponents } from "@/lib/domain/subscriptions/manage-subscription";
import { CONFIRM_WINDOW_MS } from "@/lib/domain/subscriptions/rules";
import { subscribe } from "@/lib/domain/subscriptions/subscribe";
import { portalLanguagesOf } from "@/lib/platform/i18n/locales";
import { unsubscribe } from "@/lib/domain/subscriptions/unsubscribe";
import { expectApiError } from "../support/actors";
import { uniqueSuffix } from "../support/api";
import { linkIn, startSmtpServer } from "../support/smtp";
import { completeJobs, dueMailSent, mailJobs, notifySubscribers, portal, startMailWorker } from "./support";
import { fanOutToSubscribers, type FanOutJob } from "@/lib/domain/subscriptions/notify-subscribers";
import { holdClock } from "../support/held-clock";

// Status subscribers against PostgreSQL and a real SMTP server: a worker sends the queued mail
// jobs over the wire; the event consumer and its fan-out jobs are run in order by the test.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: JobWorker;
beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_TRANSPORT = "smtp";
  process.env.MAIL_RATE_PER_SECOND = "1000";
  process.env.JOBS_RETRY_DELAY_SECONDS = "1";
  worker = await startMailWorker();
});
afterAll(async () => {
  await worker.stop({ graceful: false });
  await smtp.close();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_TRANSPORT;
  delete process.env.MAIL_RATE_PER_SECOND;
});

let ipCount = 0;
/** A client of a network of its own each time (limits count networks, an IPv4 /24). */
const ip = () => `10.${Math.floor((ipCount += 1) / 256)}.${ipCount % 256}.1`;
const address = (label: string) => `${label}-${uniqueSuffix()}@example.test`;
// The tests that count the limits do not wait out each answer's floor (its own test below keeps it).
const NO_FLOOR = { answerFloorMs: 0 };

/** Subscribes, receives the confirmation mail over SMTP and follows its link; returns the manage token. */
async function subscribed(setup: Awaited<ReturnType<typeof portal>>, email: string, componentIds: string[] = []) {
  await subscribe({ workspace: setup.workspace, topic: "STATUS", email, componentIds, ip: ip() });
  const mail = await smtp.mailTo(email, 1, 15_000);
  const token = new URL(linkIn(mail.text, "/subscriptions/confirm")).searchParams.get("token");
  const outcome = await confirmSubscription(setup.workspace.id, token);
  expect(outcome.status).toBe("confirmed");
  return { confirmToken: token!, manageToken: outcome.status === "confirmed" ? outcome.manageToken : "" };
}

describe("subscribing", () => {
  it("sends a confirmation mail with the workspace's name; the link confirms once, a replay changes nothing", async () => {
    const setup = await portal();
    const email = address("visitor");
    expect(await subscribe({ workspace: setup.workspace, topic: "STATUS", email: `  ${email.toUpperCase()} `, ip: ip() })).toEqual({ accepted: true });
    const row = await db.subscriber.findFirstOrThrow({ where: { workspaceId: setup.workspace.id, email } });
    expect(row.confirmedAt).toBeNull();

    const mail = await smtp.mailTo(email, 1, 15_000);
    expect(mail.subject).toContain(setup.workspace.name);
    expect(mail.html).toContain(setup.workspace.name);
    const link = linkIn(mail.text, "/subscriptions/confirm");
    expect(link.startsWith(`${new URL(process.env.NEXTAUTH_URL || "http://localhost:3000").origin}/p/${setup.workspace.slug}/`)).toBe(true);
    const token = new URL(link).searchParams.get("token")!;
    // Only the hash is stored: the raw token appears nowhere in the row.
    expect(JSON.stringify(await db.subscriber.findUniqueOrThrow({ where: { id: row.id } }))).not.toContain(token);

    const first = await confirmSubscription(setup.workspace.id, token);
    expect(first.status).toBe("confirmed");
    const confirmedAt = (await db.subscriber.findUniqueOrThrow({ where: { id: row.id } })).confirmedAt;
    expect(confirmedAt).not.toBeNull();

    const replay = await confirmSubscription(setup.workspace.id, token);
    expect(replay).toEqual({ status: "invalid" });
    expect((await db.subscriber.findUniqueOrThrow({ where: { id: row.id } })).confirmedAt).toEqual(confirmedAt);
    // The confirmation token is not a manage token, and a manage token confirms nothing.
    expect(await getSubscriptionByToken(setup.workspace.id, token)).toBeNull();
    if (first.status === "confirmed") expect(await confirmSubscription(setup.workspace.id, first.manageToken)).toEqual({ status: "invalid" });
    // A link of one workspace does nothing on another.
    const other = await portal();
    if (first.status === "confirmed") expect(await getSubscriptionByToken(other.workspace.id, first.manageToken)).toBeNull();
  });

  it("a second subscribe within ten minutes gets the same answer and sends no mail; already subscribed is not revealed", async () => {
    const setup = await portal();
    const email = address("twice");
    const first = await subscribe({ workspace: setup.workspace, topic: "STATUS", email, ip: ip() });
    const second = await subscribe({ workspace: setup.workspace, topic: "STATUS", email, ip: ip() });
    expect(second).toEqual(first);
    expect(await mailJobs([email])).toHaveLength(1);
    // Ten minutes later a new link may go out (the first stops working).
    await subscribe({ workspace: setup.workspace, topic: "STATUS", email, ip: ip() }, new Date(Date.now() + 11 * 60_000));
    expect(await mailJobs([email])).toHaveLength(2);

    // The same new address posted twice at once: one row, one mail, the same answer to both.
    const racing = address("racing");
    const answers = await Promise.all([0, 1].map(() => subscribe({ workspace: setup.workspace, topic: "STATUS", email: racing, ip: ip() })));
    expect(answers).toEqual([first, first]);
    expect(await mailJobs([racing])).toHaveLength(1);

    const confirmed = address("confirmed");
    await subscribed(setup, confirmed);
    const again = await subscribe({ workspace: setup.workspace, topic: "STATUS", email: confirmed, ip: ip() }, new Date(Date.now() + 60 * 60_000));
    expect(again).toEqual(first);
    expect(await mailJobs([confirmed])).toHaveLength(1);
  });

  it("one confirmation mail per address per ten minutes across topics and portals: a second request waits its turn, none is lost", async () => {
    const setup = await portal();
    const other = await portal();
    const email = address("spaced");
    const now = new Date();
    await subscribe({ workspace: setup.workspace, topic: "STATUS", email, ip: ip() }, now);
    await subscribe({ workspace: setup.workspace, topic: "CHANGELOG", email, ip: ip() }, now);
    await subscribe({ workspace: other.workspace, topic: "STATUS", email, ip: ip() }, now);
    const jobs = await mailJobs([email]);
    expect(jobs).toHaveLength(3);
    const starts = jobs.map((job) => job.startAfter.getTime());
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(10 * 60_000);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(10 * 60_000);
    // Only the first goes out now; the later ones wait on the queue.
    await smtp.mailTo(email, 1, 15_000);
    await dueMailSent();
    expect(smtp.mailsTo(email)).toHaveLength(1);
    // A waiting link still works once its mail has gone out (its window counts from then).
    const waiting = jobs[1]!;
    expect(waiting.data.message.text).toContain("release notes");
    const token = new URL(linkIn(waiting.data.message.text, "/subscriptions/confirm")).searchParams.get("token");
    const outcome = await confirmSubscription(setup.workspace.id, token, new Date(waiting.startAfter.getTime() + 60_000));
    expect(outcome).toMatchObject({ status: "confirmed", topic: "CHANGELOG" });

    // Posted to three portals at the same moment: three different slots, still ten minutes apart.
    const racing = address("spaced-race");
    const third = await portal();
    await Promise.all([setup, other, third].map((target) => subscribe({ workspace: target.workspace, topic: "STATUS", email: racing, ip: ip() })));
    const raced = (await mailJobs([racing])).map((job) => job.startAfter.getTime()).sort((a, b) => a - b);
    expect(raced).toHaveLength(3);
    expect(raced[1]! - raced[0]!).toBeGreaterThanOrEqual(10 * 60_000);
    expect(raced[2]! - raced[1]!).toBeGreaterThanOrEqual(10 * 60_000);
  });

  it("a malformed or over-long address gets a clear answer and no row", async () => {
    const setup = await portal();
    for (const email of ["", "not-an-address", "a@b", "two@@example.test", `${"x".repeat(250)}@example.test`, "bell\u0007@example.test", 42]) {
      const error = await expectApiError(subscribe({ workspace: setup.workspace, topic: "STATUS", email, ip: ip() }), "VALIDATION_ERROR");
      expect(error.details?.[0]?.path).toBe("email");
    }
    expect(await db.subscriber.count({ where: { workspaceId: setup.workspace.id } })).toBe(0);
  });

  it("throttles one network: after 20 subscriptions in an hour the next is refused", async () => {
    holdClock();
    const setup = await portal();
    const network = "203.0.113.77";
    for (let i = 0; i < 20; i += 1) await subscribe({ workspace: setup.workspace, topic: "CHANGELOG", email: address(`n${i}`), ip: network }, undefined, NO_FLOOR);
    await expectApiError(subscribe({ workspace: setup.workspace, topic: "CHANGELOG", email: address("over"), ip: network }, undefined, NO_FLOOR), "RATE_LIMITED");
  });

  it("counts networks and mailboxes: addresses of one /24 share its 20, and +tags of one inbox share its 6 mails", async () => {
    holdClock();
    const setup = await portal();
    const local = `plus-${uniqueSuffix()}`;
    const outcomes: string[] = [];
    for (let i = 0; i < 48; i += 1) {
      const from = i % 2 === 0 ? "198.51.200.10" : "198.51.200.11";
      const email = `${i % 3 === 0 ? local.toUpperCase() : local}+${i}@example.test`;
      outcomes.push(await subscribe({ workspace: setup.workspace, topic: "CHANGELOG", email, ip: from }, undefined, NO_FLOOR).then(() => "accepted", (error: { code?: string }) => error.code ?? "error"));
    }
    expect(outcomes.filter((outcome) => outcome === "accepted")).toHaveLength(20);
    expect(outcomes.filter((outcome) => outcome === "RATE_LIMITED")).toHaveLength(28);
    const mails = (await mailJobs()).filter((job) => job.data.message.to.startsWith(`${local}+`));
    expect(mails).toHaveLength(6);
  });

  it("answers an address already confirmed as slowly as a new one", async () => {
    const setup = await portal();
    const confirmed = address("timed");
    await subscribed(setup, confirmed);
    const timed = async (email: string) => {
      const started = performance.now();
      await subscribe({ workspace: setup.workspace, topic: "STATUS", email, ip: ip() });
      return performance.now() - started;
    };
    const known: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(await timed(confirmed));
      fresh.push(await timed(address(`fresh${i}`)));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(Math.abs(median(known) - median(fresh)), `confirmed ${median(known).toFixed(1)} ms, new ${median(fresh).toFixed(1)} ms`).toBeLessThan(5);
  });

  it("an expired confirmation link confirms nothing and says so", async () => {
    const setup = await portal();
    const email = address("late");
    await subscribe({ workspace: setup.workspace, topic: "STATUS", email, ip: ip() });
    const mail = await smtp.mailTo(email, 1, 15_000);
    const token = new URL(linkIn(mail.text, "/subscriptions/confirm")).searchParams.get("token");
    const outcome = await confirmSubscription(setup.workspace.id, token, new Date(Date.now() + CONFIRM_WINDOW_MS + 1000));
    expect(outcome.status).toBe("expired");
    expect(await confirmSubscription(setup.workspace.id, "not-a-token")).toEqual({ status: "invalid" });
  });
});

describe("incident mail", () => {
  async function withComponents() {
    const setup = await portal();
    const a = await createComponent(setup.actor, { name: "API", description: "" });
    const b = await createComponent(setup.actor, { name: "Dashboard", description: "" });
    return { ...setup, a, b };
  }

  it("a subscriber of component A gets nothing for an incident on B; a subscriber of all gets it; unconfirmed gets nothing", async () => {
    const setup = await withComponents();
    const onlyA = address("only-a");
    const all = address("all");
    const pending = address("pending");
    await subscribed(setup, onlyA, [setup.a.id]);
    await subscribed(setup, all);
    await subscribe({ workspace: setup.workspace, topic: "STATUS", email: pending, ip: ip() });

    await createIncident(setup.actor, { title: "Dashboard slow", message: "Pages take ten seconds to load.", components: [{ id: setup.b.id, status: "degraded_performance" }] });
    await notifySubscribers(setup.workspace.id);
    const mail = await smtp.mailTo(all, 2, 15_000);
    expect(mail.subject).toContain("Dashboard slow");
    expect(mail.text).toContain("Pages take ten seconds to load.");
    expect(mail.html).toContain("Pages take ten seconds to load.");
    expect(mail.text).toContain("/subscriptions/manage?token=");
    await dueMailSent();
    expect(smtp.mailsTo(onlyA)).toHaveLength(1); // the confirmation only
    expect(smtp.mailsTo(pending)).toHaveLength(1);
    const log = await db.notificationDelivery.findMany({ where: { workspaceId: setup.workspace.id } });
    expect(log.map((row) => row.recipient)).toEqual([all]);
  });

  it("events handled out of order (the event jobs run several at once) still queue their mails in event order", async () => {
    const setup = await withComponents();
    const email = address("reorder");
    await subscribed(setup, email);
    await worker.stop({ graceful: false }); // from here the mail jobs are read, not sent
    try {
      const incident = await createIncident(setup.actor, { title: "Queue lag", message: "Step 0", components: [] });
      await updateIncident(setup.actor, incident.id, { message: "Step 1" });
      await updateIncident(setup.actor, incident.id, { message: "Step 2" });
      const events = await db.event.findMany({ where: { workspaceId: setup.workspace.id, type: { startsWith: "incident." } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
      expect(events).toHaveLength(3);
      const [first, second, last] = events.map((row) => ({ eventId: row.id, afterId: null, offset: 0, base: new Date().toISOString() }));

      // The last event's send comes first: the two before it are still on their way, so it waits.
      await fanOutToSubscribers(last!);
      expect(await db.notificationDelivery.count({ where: { eventId: last!.eventId } })).toBe(0);
      const waiting = await db.$queryRawUnsafe<{ id: string; data: FanOutJob }[]>(
        `SELECT id::text AS id, data FROM ${JOB_SCHEMA}.job WHERE name = 'subscribers.fan_out' AND data->>'eventId' = $1 AND state = 'created'`,
        last!.eventId,
      );
      expect(waiting).toHaveLength(1);
      expect(waiting[0]!.data.waitingSince).toBeTruthy();

      for (const job of [first!, second!]) {
        await completeJobs({ consumedOf: job.eventId });
        await fanOutToSubscribers(job);
      }
      await completeJobs({ consumedOf: last!.eventId });
      await completeJobs({ id: waiting[0]!.id });
      await fanOutToSubscribers(waiting[0]!.data);
      const texts = (await mailJobs([email])).slice(1).map((job) => /Step \d/.exec(job.data.message.text)?.[0]);
      expect(texts).toEqual(["Step 0", "Step 1", "Step 2"]);
    } finally {
      worker = await startMailWorker();
    }
  });

  it("opened and updated three times within a minute: four mails, in order, each with List-Unsubscribe headers", async () => {
    const setup = await withComponents();
    const email = address("order");
    await subscribed(setup, email, [setup.a.id]);
    const incident = await createIncident(setup.actor, { title: "API errors", message: "Step 0", components: [{ id: setup.a.id, status: "major_outage" }] });
    await notifySubscribers(setup.workspace.id);
    for (const step of [1, 2, 3]) {
      await updateIncident(setup.actor, incident.id, { message: `Step ${step}`, ...(step === 3 ? { status: "resolved" } : {}) });
      await notifySubscribers(setup.workspace.id);
    }
    await smtp.mailTo(email, 5, 20_000);
    const texts = smtp.mailsTo(email).slice(1).map((mail) => /Step \d/.exec(mail.text)?.[0]);
    expect(texts).toEqual(["Step 0", "Step 1", "Step 2", "Step 3"]);
    expect(smtp.mailsTo(email)[4]!.subject).toContain("Resolved");
    const jobs = await mailJobs([email]);
    const headers = jobs.at(-1)!.data.message.headers!;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(/^<https?:\/\/.+\/api\/subscriptions\/unsubscribe\?workspace=.+&token=[A-Za-z0-9_-]{43}>$/);
  });

  it("one-click unsubscribe (the header's link) stops mail; a second unsubscribe is no error", async () => {
    const setup = await withComponents();
    const email = address("leaver");
    await subscribed(setup, email);
    await createIncident(setup.actor, { title: "First", message: "One", components: [] });
    await notifySubscribers(setup.workspace.id);
    await smtp.mailTo(email, 2, 15_000);
    const [job] = (await mailJobs([email])).filter((candidate) => candidate.data.message.headers);
    const oneClick = new URL(job!.data.message.headers!["List-Unsubscribe"]!.slice(1, -1));
    // A GET (a person, or a scanner opening the link) changes nothing and shows the manage page.
    const opened = await oneClickRoute.GET(new Request(oneClick));
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toContain("/subscriptions/manage?token=");
    expect(await db.subscriber.count({ where: { workspaceId: setup.workspace.id, email } })).toBe(1);
    // The mail client's one-click POST (RFC 8058) ends it; a second POST answers the same.
    const post = () => oneClickRoute.POST(new Request(oneClick, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }));
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    expect(await db.subscriber.count({ where: { workspaceId: setup.workspace.id, email } })).toBe(0);
    expect(await unsubscribe(setup.workspace.id, oneClick.searchParams.get("token"))).toBe(false);

    await createIncident(setup.actor, { title: "Second", message: "Two", components: [] });
    await notifySubscribers(setup.workspace.id);
    await dueMailSent();
    expect(smtp.mailsTo(email)).toHaveLength(2);
  });

  it("the manage link changes the components (then only those are mailed); it changes nothing with a bad token or on a changelog subscription", async () => {
    const setup = await withComponents();
    const email = address("chooser");
    const { manageToken } = await subscribed(setup, email);
    expect(await updateSubscriptionComponents(setup.workspace.id, manageToken, [setup.a.id, "no-such-component", 7])).toBe(true);
    expect((await getSubscriptionByToken(setup.workspace.id, manageToken))?.componentIds).toEqual([setup.a.id]);
    expect(await updateSubscriptionComponents(setup.workspace.id, "x".repeat(43), [setup.b.id])).toBe(false);
    const other = await portal();
    expect(await updateSubscriptionComponents(other.workspace.id, manageToken, [])).toBe(false);

    await createIncident(setup.actor, { title: "On B", message: "Only B.", components: [{ id: setup.b.id, status: "major_outage" }] });
    await createIncident(setup.actor, { title: "On A", message: "Only A.", components: [{ id: setup.a.id, status: "major_outage" }] });
    await notifySubscribers(setup.workspace.id);
    expect((await smtp.mailTo(email, 2, 15_000)).subject).toContain("On A");
    await dueMailSent();
    expect(smtp.mailsTo(email)).toHaveLength(2);

    const reader = address("chooser-reader");
    await subscribe({ workspace: setup.workspace, topic: "CHANGELOG", email: reader, ip: ip() });
    const token = new URL(linkIn((await smtp.mailTo(reader, 1, 15_000)).text, "/subscriptions/confirm")).searchParams.get("token");
    const confirmed = await confirmSubscription(setup.workspace.id, token);
    expect(confirmed.status).toBe("confirmed");
    if (confirmed.status === "confirmed") expect(await updateSubscriptionComponents(setup.workspace.id, confirmed.manageToken, [setup.a.id])).toBe(false);
  });

  it("mails in the portal language the visitor subscribed in: the confirmation, the incident and their links", async () => {
    const setup = await withComponents();
    const email = address("german");
    const languages = portalLanguagesOf(await db.workspace.findUniqueOrThrow({ where: { id: setup.workspace.id } }));
    await subscribe({ workspace: { ...setup.workspace, languages }, topic: "STATUS", email, locale: "de", ip: ip() });
    const confirmation = await smtp.mailTo(email, 1, 15_000);
    expect(confirmation.subject).toContain("Bestätigen Sie Ihr Abonnement");
    expect(confirmation.html).toContain('lang="de"');
    const link = linkIn(confirmation.text, "/subscriptions/confirm");
    expect(link).toContain(`/p/${setup.workspace.slug}/de/subscriptions/confirm?token=`);
    const token = new URL(link).searchParams.get("token");
    expect((await confirmSubscription(setup.workspace.id, token)).status).toBe("confirmed");

    await createIncident(setup.actor, { title: "API errors", message: "We are looking.", components: [{ id: setup.a.id, status: "major_outage" }] });
    await notifySubscribers(setup.workspace.id);
    const mail = await smtp.mailTo(email, 2, 15_000);
    expect(mail.subject).toContain("Wird untersucht: API errors");
    expect(mail.html).toContain('lang="de"');
    expect(mail.text).toContain(`/p/${setup.workspace.slug}/de/status`);
    expect(mail.text).toContain(`/p/${setup.workspace.slug}/de/subscriptions/manage?token=`);
  });

  it("a component deleted while subscribers chose it breaks nothing; the workspace switch suppresses and logs why", async () => {
    const setup = await withComponents();
    const chose = address("chose-a");
    await subscribed(setup, chose, [setup.a.id, setup.b.id]);
    await deleteComponent(setup.actor, setup.a.id);
    await createIncident(setup.actor, { title: "B down", message: "B is down.", components: [{ id: setup.b.id, status: "major_outage" }] });
    await notifySubscribers(setup.workspace.id);
    expect((await smtp.mailTo(chose, 2, 15_000)).text).toContain("B is down.");

    await db.workspace.update({ where: { id: setup.workspace.id }, data: { notifyStatusSubscribers: false } });
    const quiet = await createIncident(setup.actor, { title: "Quiet", message: "Nobody hears this.", components: [{ id: setup.b.id, status: "degraded_performance" }] });
    await notifySubscribers(setup.workspace.id);
    const rows = await db.notificationDelivery.findMany({ where: { subjectId: quiet.id } });
    expect(rows).toMatchObject([{ recipient: chose, status: "SUPPRESSED" }]);
    expect(rows[0]!.reason).toMatch(/turned these notifications off/);
  });
});

describe("a subscriber's language", () => {
  it("their mails and every portal link in them are in the language they subscribed in; a language the portal stops offering links to the default address", async () => {
    const setup = await portal();
    await db.workspace.update({ where: { id: setup.workspace.id }, data: { portalDefaultLocale: "en", portalLocales: ["en", "de", "ar"] } });
    const api = await createComponent(setup.actor, { name: "API", description: "" });
    const [german, arabic, english] = [address("deutsch"), address("arabi"), address("english")];
    const slug = setup.workspace.slug;

    await subscribe({ workspace: setup.workspace, topic: "STATUS", email: german, locale: "de", ip: ip() });
    const confirmation = await smtp.mailTo(german, 1, 15_000);
    expect(confirmation.subject).toBe(`Bestätigen Sie Ihr Abonnement bei ${setup.workspace.name}`);
    const link = linkIn(confirmation.text, "/subscriptions/confirm");
    expect(new URL(link).pathname).toBe(`/p/${slug}/de/subscriptions/confirm`);
    expect((await confirmSubscription(setup.workspace.id, new URL(link).searchParams.get("token"))).status).toBe("confirmed");
    for (const [email, locale] of [[arabic, "ar"], [english, null]] as const) {
      await subscribe({ workspace: setup.workspace, topic: "STATUS", email, locale, ip: ip() });
      const token = new URL(linkIn((await smtp.mailTo(email, 1, 15_000)).text, "/subscriptions/confirm")).searchParams.get("token");
      expect((await confirmSubscription(setup.workspace.id, token)).status).toBe("confirmed");
    }

    await createIncident(setup.actor, { title: "API errors", message: "Requests fail.", components: [{ id: api.id, status: "major_outage" }] });
    await notifySubscribers(setup.workspace.id);
    const inGerman = await smtp.mailTo(german, 2, 15_000);
    expect(inGerman.subject).toBe(`[${setup.workspace.name}] Wird untersucht: API errors`);
    expect(inGerman.html).toContain('lang="de"');
    expect(new URL(linkIn(inGerman.text, "/status")).pathname).toBe(`/p/${slug}/de/status`);
    expect(new URL(linkIn(inGerman.text, "/subscriptions/manage")).pathname).toBe(`/p/${slug}/de/subscriptions/manage`);
    const inArabic = await smtp.mailTo(arabic, 2, 15_000);
    expect(inArabic.subject).toBe(`[${setup.workspace.name}] قيد التحقيق: API errors`);
    expect(inArabic.html).toMatch(/lang="ar" dir="rtl"/);
    expect(new URL(linkIn(inArabic.text, "/status")).pathname).toBe(`/p/${slug}/ar/status`);
    const inEnglish = await smtp.mailTo(english, 2, 15_000);
    expect(new URL(linkIn(inEnglish.text, "/status")).pathname).toBe(`/p/${slug}/status`);
    expect(new URL(linkIn(inEnglish.text, "/subscriptions/manage")).pathname).toBe(`/p/${slug}/subscriptions/manage`);

    // Arabic is no longer offered: the words stay Arabic, the links go where a page still answers.
    await db.workspace.update({ where: { id: setup.workspace.id }, data: { portalLocales: ["en", "de"] } });
    const incident = await db.incident.findFirstOrThrow({ where: { workspaceId: setup.workspace.id } });
    await updateIncident(setup.actor, incident.id, { message: "Fixed.", status: "resolved" });
    await notifySubscribers(setup.workspace.id);
    const later = await smtp.mailTo(arabic, 3, 15_000);
    expect(new URL(linkIn(later.text, "/status")).pathname).toBe(`/p/${slug}/status`);
    expect(new URL(linkIn(later.text, "/subscriptions/manage")).pathname).toBe(`/p/${slug}/subscriptions/manage`);
  });
});

describe("maintenance mail", () => {
  it("scheduled, started and completed each mail the window's subscribers (not other components'); a window called off says so", async () => {
    const setup = await portal();
    const api = await createComponent(setup.actor, { name: "API", description: "" });
    const web = await createComponent(setup.actor, { name: "Website", description: "" });
    const onApi = address("maint-api");
    const onWeb = address("maint-web");
    await subscribed(setup, onApi, [api.id]);
    await subscribed(setup, onWeb, [web.id]);
    const now = new Date();
    const startsAt = new Date(now.getTime() + 60_000);
    const endsAt = new Date(now.getTime() + 120_000);
    const window = await scheduleMaintenance(setup.actor, { title: "Database upgrade", startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), componentIds: [api.id] }, now);
    await notifySubscribers(setup.workspace.id);
    const boundary = { workspaceId: setup.workspace.id, maintenanceId: window.id, at: startsAt.toISOString() };
    await maintenanceBoundary({ ...boundary, boundary: "start" }, new Date(startsAt.getTime() + 1));
    await notifySubscribers(setup.workspace.id);
    await maintenanceBoundary({ ...boundary, boundary: "end", at: endsAt.toISOString() }, new Date(endsAt.getTime() + 1));
    await notifySubscribers(setup.workspace.id);
    await smtp.mailTo(onApi, 4, 20_000);
    const subjects = smtp.mailsTo(onApi).slice(1).map((mail) => mail.subject);
    expect(subjects).toEqual([
      expect.stringContaining("Maintenance scheduled: Database upgrade"),
      expect.stringContaining("Maintenance started: Database upgrade"),
      expect.stringContaining("Maintenance completed: Database upgrade"),
    ]);
    // The window in the status page's style ("25 Nov 2026, 13:23"), the zone named once.
    expect(smtp.mailsTo(onApi)[1]!.text).toContain(`From ${formatDateTime(startsAt)} to ${formatDateTime(endsAt)} (UTC)`);

    const later = await scheduleMaintenance(setup.actor, { title: "Cache flush", startsAt: new Date(now.getTime() + 3_600_000).toISOString(), endsAt: new Date(now.getTime() + 7_200_000).toISOString(), componentIds: [api.id] }, now);
    await cancelMaintenance(setup.actor, later.id);
    await notifySubscribers(setup.workspace.id);
    expect((await smtp.mailTo(onApi, 6, 20_000)).subject).toContain("Maintenance cancelled: Cache flush");
    await dueMailSent();
    expect(smtp.mailsTo(onWeb)).toHaveLength(1); // the confirmation only
  });
});

describe("changelog mail", () => {
  it("a release note published now mails changelog subscribers (not status ones) with its summary and link; a scheduled one at its time; the switch off mails none", async () => {
    const setup = await portal();
    const reader = address("reader");
    await subscribe({ workspace: setup.workspace, topic: "CHANGELOG", email: reader, ip: ip() });
    const token = new URL(linkIn((await smtp.mailTo(reader, 1, 15_000)).text, "/subscriptions/confirm")).searchParams.get("token");
    expect((await confirmSubscription(setup.workspace.id, token)).status).toBe("confirmed");
    const statusOnly = address("status-only");
    await subscribed(setup, statusOnly);

    const note = await createReleaseNote(setup.actor, { title: "Dark mode", body: "Every page now has a dark theme.\n\nMore below.", publish: true });
    await notifySubscribers(setup.workspace.id);
    const mail = await smtp.mailTo(reader, 2, 15_000);
    expect(mail.subject).toContain("Dark mode");
    expect(mail.text).toContain("Every page now has a dark theme.");
    expect(mail.text).toContain(`/p/${setup.workspace.slug}/changelog/${note.id}`);

    const at = new Date(Date.now() + 60 * 60_000);
    const later = await createReleaseNote(setup.actor, { title: "Scheduled", body: "Later.", publish: true, publishedAt: at.toISOString() });
    await notifySubscribers(setup.workspace.id);
    await dueMailSent();
    expect(smtp.mailsTo(reader)).toHaveLength(2); // not yet
    await publishDue({ workspaceId: setup.workspace.id, noteId: later.id, publishedAt: at.toISOString() }, new Date(at.getTime() + 1000));
    await notifySubscribers(setup.workspace.id);
    expect((await smtp.mailTo(reader, 3, 15_000)).subject).toContain("Scheduled");
    expect(smtp.mailsTo(statusOnly)).toHaveLength(1);

    // The workspace's changelog switch off: nobody is mailed, each is logged as suppressed.
    await db.workspace.update({ where: { id: setup.workspace.id }, data: { notifyChangelogSubscribers: false } });
    const quiet = await createReleaseNote(setup.actor, { title: "Quiet note", body: "Nobody hears this.", publish: true });
    await notifySubscribers(setup.workspace.id);
    expect(await db.notificationDelivery.findMany({ where: { subjectId: quiet.id }, select: { recipient: true, status: true } })).toEqual([{ recipient: reader, status: "SUPPRESSED" }]);
    await dueMailSent();
    expect(smtp.mailsTo(reader)).toHaveLength(3);
  });
});

// The large sends (150 over SMTP, 10,000 queued) are files of their own, large-send-*.test.ts, so
// that they run beside this one.
