import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as oneClick from "@/app/api/unsubscribe/[token]/route";
import { replyAsTeam } from "@/lib/domain/comments/reply-as-team";
import { addComment } from "@/lib/domain/comments/add-comment";
import { db } from "@/lib/platform/db/client";
import { EVENT_CONSUMERS } from "@/lib/surfaces/worker/handlers";
import { storedEvent } from "@/lib/platform/events/record-event";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";
import { sendQueuedMail } from "@/lib/platform/mail/send-mail";
import type { MailMessage } from "@/lib/platform/mail/types";
import { postNotificationConsumer } from "@/lib/domain/notifications/post-notifications";
import { listPostNotifications } from "@/lib/domain/notifications/list-post-notifications";
import { getPostNotificationLevel, setPostNotificationLevel } from "@/lib/domain/notifications/set-post-notification-level";
import { updateNotificationSettings } from "@/lib/domain/workspaces/update-notification-settings";
import { updatePost } from "@/lib/domain/posts/update-post";
import { actorOf, expectApiError } from "../support/actors";
import { createTestUser, seedBoard, seedTenant } from "../support/api";
import { startSmtpServer } from "../support/smtp";

// The whole way from a change to a mail in an inbox: the change records its event, the consumer
// turns it into deliveries and mail jobs, the jobs send over SMTP to a real server in the test.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp.close();
});

/** A published workspace with a post by `author`, two voters and a commenter. */
async function postWithPeople() {
  const tenant = await seedTenant({ published: true });
  const workspaceId = tenant.workspace.id;
  const board = await seedBoard(workspaceId, { isPublic: true });
  const author = await createTestUser("author");
  const voter = await createTestUser("voter");
  const voter2 = await createTestUser("voter2");
  const commenter = await createTestUser("commenter");
  const post = await db.post.create({ data: { workspaceId, boardId: board.id, authorId: author.id, title: "Dark mode" } });
  for (const user of [voter, voter2, author]) await db.vote.create({ data: { workspaceId, postId: post.id, userId: user.id } });
  await addComment({ workspaceId, postId: post.id, userId: commenter.id, body: "Yes please" });
  // The owner voted too: as the one who changes the status, they must still get nothing.
  await db.vote.create({ data: { workspaceId, postId: post.id, userId: tenant.owner.id } });
  const admin = await actorOf(tenant, tenant.owner);
  return { tenant, workspaceId, post, author, voter, voter2, commenter, admin };
}

/** The last event of this type in the workspace. */
async function lastEvent(workspaceId: string, type: string) {
  const row = await db.event.findFirstOrThrow({ where: { workspaceId, type }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return storedEvent(row);
}

/** Runs every waiting mail job of these deliveries as the worker would. */
async function sendMailJobs(eventId: string) {
  const deliveries = await db.notificationDelivery.findMany({ where: { eventId }, select: { id: true } });
  const ids = deliveries.map((d) => d.id);
  const jobs = await db.$queryRawUnsafe<{ id: string; data: { message: MailMessage; notificationId: string } }[]>(
    `SELECT id, data FROM ${JOB_SCHEMA}.job WHERE name = 'mail.send' AND state = 'created' AND data->>'notificationId' = ANY($1::text[])`,
    ids,
  );
  for (const job of jobs) {
    await sendQueuedMail(job.data);
    await db.$executeRawUnsafe(`UPDATE ${JOB_SCHEMA}.job SET state = 'completed' WHERE id = $1::uuid`, job.id);
  }
  return jobs.length;
}

async function deliver(workspaceId: string, type: string) {
  const event = await lastEvent(workspaceId, type);
  await postNotificationConsumer.handle(event);
  await sendMailJobs(event.id);
  return event;
}

function rowsOf(eventId: string) {
  return db.notificationDelivery.findMany({ where: { eventId }, orderBy: { recipient: "asc" } });
}

describe("post notifications", () => {
  it("is one of the event consumers", () => {
    expect(EVENT_CONSUMERS).toContain(postNotificationConsumer);
  });

  it("a status change mails each voter, commenter and the author once, with the team's note, never the admin who made it", async () => {
    const s = await postWithPeople();
    await updatePost(s.admin, s.post.id, { status: "planned" }, { note: "Coming in March.\nThanks for the votes!" });
    const event = await deliver(s.workspaceId, "post.status_changed");

    for (const user of [s.voter, s.voter2, s.commenter, s.author]) {
      const mails = smtp.mailsTo(user.email);
      expect(mails, user.email).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toContain("Dark mode");
      expect(mail.subject).toContain(`Tenant ${s.tenant.workspace.slug}`);
      expect(mail.text).toContain("Coming in March.");
      expect(mail.text).toContain("Open");
      expect(mail.text).toContain("Planned");
      expect(mail.html).toContain("Coming in March.");
      expect(mail.text).toContain(`/p/${s.tenant.workspace.slug}/posts/${s.post.id}`);
      expect(mail.headers["list-unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/api\/unsubscribe\/pu1\.[^>]+>$/);
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    }
    expect(smtp.mailsTo(s.tenant.owner.email)).toHaveLength(0);
    const rows = await rowsOf(event.id);
    expect(rows.map((r) => [r.recipient, r.status, r.kind])).toEqual(
      [s.author, s.commenter, s.voter, s.voter2].map((u) => [u.email, "SENT", "POST_STATUS"]).sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    const recorded = await db.postStatusChange.findUniqueOrThrow({ where: { eventId: event.id } });
    expect(recorded).toMatchObject({ from: "open", to: "planned", actorId: s.tenant.owner.id, note: "Coming in March.\nThanks for the votes!" });
  });

  it("a replayed event mails nobody twice", async () => {
    const s = await postWithPeople();
    await updatePost(s.admin, s.post.id, { status: "under_review" });
    const event = await deliver(s.workspaceId, "post.status_changed");
    expect(smtp.mailsTo(s.voter.email)).toHaveLength(1);
    await postNotificationConsumer.handle(event);
    await postNotificationConsumer.handle(event);
    expect(await sendMailJobs(event.id)).toBe(0);
    expect(smtp.mailsTo(s.voter.email)).toHaveLength(1);
    expect(await db.notificationDelivery.count({ where: { eventId: event.id } })).toBe(4);
  });

  it("the one-click POST to the List-Unsubscribe URL stops exactly that person's post mail, twice is fine, forged tokens get 400", async () => {
    const s = await postWithPeople();
    await updatePost(s.admin, s.post.id, { status: "under_review" });
    await deliver(s.workspaceId, "post.status_changed");
    const url = /^<(.+)>$/.exec(smtp.mailsTo(s.voter.email)[0]!.headers["list-unsubscribe"]!)![1]!;
    const token = decodeURIComponent(new URL(url).pathname.split("/").pop()!);
    // A GET (a mail scanner following the link) changes nothing: it is sent to the page that asks.
    const fetched = await oneClick.GET(new Request(url), { params: Promise.resolve({ token }) });
    expect(fetched.status).toBe(303);
    expect(fetched.headers.get("location")).toMatch(/\/unsubscribe\/pu1\./);
    expect(await getPostNotificationLevel(s.voter.id, s.workspaceId)).toBe("ALL");
    const post = () => oneClick.POST(new Request(url, { method: "POST", body: "List-Unsubscribe=One-Click" }), { params: Promise.resolve({ token }) });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const forged = await oneClick.POST(new Request(url, { method: "POST" }), { params: Promise.resolve({ token: `${token.slice(0, -2)}xx` }) });
    expect(forged.status).toBe(400);
    expect((await forged.json()).code).toBe("VALIDATION_ERROR");
    expect((await oneClick.POST(new Request(url, { method: "POST" }), { params: Promise.resolve({ token: "nonsense" }) })).status).toBe(400);

    await updatePost(s.admin, s.post.id, { status: "planned" });
    const event = await deliver(s.workspaceId, "post.status_changed");
    expect(smtp.mailsTo(s.voter.email)).toHaveLength(1);
    expect(smtp.mailsTo(s.voter2.email)).toHaveLength(2);
    const row = await db.notificationDelivery.findUniqueOrThrow({ where: { eventId_recipient: { eventId: event.id, recipient: s.voter.email } } });
    expect(row).toMatchObject({ status: "SUPPRESSED", reason: "the recipient turned off mail about posts" });
  });

  it("a team reply mails the post's people (not the member who replied); a visitor's comment mails no one", async () => {
    const s = await postWithPeople();
    await replyAsTeam(s.admin, s.post.id, "We started on this today.");
    const event = await deliver(s.workspaceId, "comment.created");
    expect(event.data.isTeamReply).toBe(true);
    const mail = await smtp.mailTo(s.voter.email);
    expect(mail.subject).toContain("The team replied");
    expect(mail.text).toContain("We started on this today.");
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(smtp.mailsTo(s.tenant.owner.email)).toHaveLength(0);
    expect((await rowsOf(event.id)).every((r) => r.kind === "POST_REPLY" && r.status === "SENT")).toBe(true);

    await addComment({ workspaceId: s.workspaceId, postId: s.post.id, userId: s.voter.id, body: "Great" });
    const visitorComment = await deliver(s.workspaceId, "comment.created");
    expect(await db.notificationDelivery.count({ where: { eventId: visitorComment.id } })).toBe(0);
  });

  it("preferences: NONE suppresses, OWN_POSTS mails the author only, each suppressed person recorded with a reason", async () => {
    const s = await postWithPeople();
    await setPostNotificationLevel(s.voter.id, s.workspaceId, { level: "NONE" });
    await setPostNotificationLevel(s.voter2.id, s.workspaceId, { level: "OWN_POSTS" });
    await setPostNotificationLevel(s.author.id, s.workspaceId, { level: "OWN_POSTS" });
    await updatePost(s.admin, s.post.id, { status: "in_progress" });
    const event = await deliver(s.workspaceId, "post.status_changed");
    expect(smtp.mailsTo(s.voter.email)).toHaveLength(0);
    expect(smtp.mailsTo(s.voter2.email)).toHaveLength(0);
    expect(smtp.mailsTo(s.author.email)).toHaveLength(1);
    expect(smtp.mailsTo(s.commenter.email)).toHaveLength(1);
    const byRecipient = new Map((await rowsOf(event.id)).map((r) => [r.recipient, r]));
    expect(byRecipient.get(s.voter.email)).toMatchObject({ status: "SUPPRESSED", reason: "the recipient turned off mail about posts" });
    expect(byRecipient.get(s.voter2.email)).toMatchObject({ status: "SUPPRESSED", reason: "the recipient only wants mail about posts they created" });
    expect(byRecipient.get(s.author.email)?.status).toBe("SENT");
  });

  it("the visitor's portal language is used when known", async () => {
    const s = await postWithPeople();
    await setPostNotificationLevel(s.voter.id, s.workspaceId, { level: "ALL", locale: "de" });
    await updatePost(s.admin, s.post.id, { status: "completed" });
    await deliver(s.workspaceId, "post.status_changed");
    const mail = smtp.mailsTo(s.voter.email)[0]!;
    expect(mail.subject).toContain("„Dark mode“ ist jetzt");
    expect(mail.text).toContain(`/p/${s.tenant.workspace.slug}/de/posts/${s.post.id}`);
    expect(mail.html).toContain('lang="de"');
  });

  it("the workspace switch off suppresses everyone", async () => {
    const s = await postWithPeople();
    await db.workspace.update({ where: { id: s.workspaceId }, data: { notifyPostUpdates: false } });
    await updatePost(s.admin, s.post.id, { status: "closed" });
    const event = await deliver(s.workspaceId, "post.status_changed");
    for (const user of [s.voter, s.voter2, s.commenter, s.author]) expect(smtp.mailsTo(user.email)).toHaveLength(0);
    const rows = await rowsOf(event.id);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === "SUPPRESSED" && r.reason === "the workspace turned off mail about posts")).toBe(true);
  });

  it("a post on a private board (no portal page to link to) mails no one; each is recorded as suppressed", async () => {
    const s = await postWithPeople();
    await db.board.updateMany({ where: { workspaceId: s.workspaceId }, data: { isPublic: false } });
    await updatePost(s.admin, s.post.id, { status: "planned" });
    const event = await deliver(s.workspaceId, "post.status_changed");
    expect(smtp.mailsTo(s.voter.email)).toHaveLength(0);
    const rows = await rowsOf(event.id);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === "SUPPRESSED" && r.reason === "the post is not on the public portal")).toBe(true);
  });

  it("the note is validated: too long, or with control characters, is refused with a field error and nothing changes", async () => {
    const s = await postWithPeople();
    const tooLong = await expectApiError(updatePost(s.admin, s.post.id, { status: "planned" }, { note: "x".repeat(2001) }), "VALIDATION_ERROR");
    expect(tooLong.details?.[0]).toMatchObject({ path: "note" });
    const nul = await expectApiError(updatePost(s.admin, s.post.id, { status: "planned" }, { note: "a\u0000b" }), "VALIDATION_ERROR");
    expect(nul.details?.[0]).toMatchObject({ path: "note" });
    expect((await db.post.findUniqueOrThrow({ where: { id: s.post.id } })).status).toBe("open");
  });

  it("only admins and owners read a post's notification log and change the workspace's switches; bad input is a field error", async () => {
    const s = await postWithPeople();
    await updatePost(s.admin, s.post.id, { status: "planned" });
    await deliver(s.workspaceId, "post.status_changed");
    const log = await listPostNotifications(s.admin, s.post.id);
    expect(log.total).toBe(4);
    expect(log.rows.every((row) => row.status === "SENT")).toBe(true);
    const member = await actorOf(s.tenant, await s.tenant.member("MEMBER"));
    await expectApiError(listPostNotifications(member, s.post.id), "FORBIDDEN");
    await expectApiError(updateNotificationSettings(member, { notifyPostUpdates: false, notifyStatusSubscribers: true, notifyChangelogSubscribers: true }), "FORBIDDEN");
    const bad = await expectApiError(updateNotificationSettings(s.admin, { notifyPostUpdates: "no", notifyStatusSubscribers: true, notifyChangelogSubscribers: true }), "VALIDATION_ERROR");
    expect(bad.details?.[0]).toMatchObject({ path: "notifyPostUpdates" });
    expect(await updateNotificationSettings(s.admin, { notifyPostUpdates: false, notifyStatusSubscribers: true, notifyChangelogSubscribers: false })).toEqual({
      notifyPostUpdates: false,
      notifyStatusSubscribers: true,
      notifyChangelogSubscribers: false,
    });
  });
});
