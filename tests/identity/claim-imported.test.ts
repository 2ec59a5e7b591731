import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as verifyRoute from "@/app/verify-email/route";
import { db } from "@/lib/platform/db/client";
import { settleMail } from "@/lib/platform/mail/send-mail";
import { confirmImport } from "@/lib/domain/imports/confirm-import";
import { previewImport, runImport } from "@/lib/domain/imports/run-import";
import { startImport } from "@/lib/domain/imports/start-import";
import { heldAddress } from "@/lib/domain/users/imported-identity";
import { registerAccount } from "@/lib/domain/users/register-account";
import { requestPasswordReset } from "@/lib/domain/users/request-password-reset";
import { resetPassword } from "@/lib/domain/users/reset-password";
import { seedTenant, uniqueSuffix } from "../support/api";
import { actorOf } from "../support/actors";
import { CANNY_KEY, cannyWorkspace, startFakeCanny } from "../support/fake-canny";
import { linkIn, startSmtpServer } from "../support/smtp";
import { sessionCookieFor } from "../support/session-cookie";

// People an import brought in claim their votes and comments by signing up with their address and
// proving it; whoever signs up with the address without proving it gets none of them.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const PASSWORD = "correct-horse-battery";

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.NEXTAUTH_URL = "https://app.example.test";
  process.env.MAIL_FROM = "Workspace <no-reply@app.example.test>";
});
afterAll(async () => {
  await settleMail();
  await smtp.close();
  delete process.env.SMTP_URL;
});

/** A Canny import in which Ada wrote the first idea and voted on all three, and Grace commented twice and voted twice. */
async function importedPeople(beforeImport?: (addresses: { ada: string; grace: string }) => Promise<void>) {
  const data = cannyWorkspace(3);
  const suffix = uniqueSuffix();
  const ada = data.posts[0]!.author!;
  const grace = data.posts[1]!.author!;
  ada.email = `ada-${suffix}@example.test`;
  grace.email = `grace-${suffix}@example.test`;
  await beforeImport?.({ ada: ada.email, grace: grace.email });
  const server = await startFakeCanny(data);
  process.env.CANNY_API_URL = `${server.url}/api/v1`;
  try {
    const tenant = await seedTenant({ plan: "PRO" });
    const actor = await actorOf(tenant, tenant.owner);
    const started = await startImport(actor, { source: "canny", options: { apiKey: CANNY_KEY } });
    await previewImport(actor.workspaceId, started.id);
    await confirmImport(actor, started.id);
    await runImport(actor.workspaceId, started.id);
    const post = (title: string) => db.post.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, title }, include: { author: true } });
    return { workspaceId: actor.workspaceId, ada: ada.email!, grace: grace.email!, post };
  } finally {
    await server.close();
  }
}

async function follow(link: string, as?: { id: string; email: string }) {
  const headers = as ? { cookie: await sessionCookieFor(as) } : undefined;
  const response = await verifyRoute.GET(new Request(link, { headers }));
  return response.headers.get("location");
}

const holdings = async (userId: string) => ({ votes: await db.vote.count({ where: { userId } }), comments: await db.comment.count({ where: { authorId: userId } }), posts: await db.post.count({ where: { authorId: userId } }) });

describe("claiming what an import brought in", () => {
  it("signing up with an imported person's address sends the confirmation link; once confirmed, their votes and comments are theirs, counted once", async () => {
    const { ada, post } = await importedPeople();
    const imported = await db.user.findUniqueOrThrow({ where: { email: ada } });
    expect(imported).toMatchObject({ passwordHash: null, emailVerifiedAt: null, name: "Ada Voter" });
    expect(await holdings(imported.id)).toEqual({ votes: 3, comments: 0, posts: 1 });

    const origin = { ip: "198.51.100.21" };
    expect(await registerAccount({ email: ada, password: PASSWORD, name: "Ada Lovelace" }, origin)).toEqual({ ok: true, data: { email: ada } });
    const mail = await smtp.mailTo(ada);
    expect(mail.subject).toBe("Verify your email address");
    const link = linkIn(mail.text, "/verify-email?token=");
    const account = await db.user.findUniqueOrThrow({ where: { email: ada } });
    expect(account.id).not.toBe(imported.id);
    expect(account.emailVerifiedAt).toBeNull();

    // Not proven yet: the new account holds nothing of the imported person's, however it is used.
    expect(await holdings(account.id)).toEqual({ votes: 0, comments: 0, posts: 0 });
    expect(await follow(link)).toMatch(/\/sign-in/);
    expect(await holdings(account.id)).toEqual({ votes: 0, comments: 0, posts: 0 });
    expect((await post("Slack integration")).author?.id).toBe(imported.id);
    // Meanwhile she votes on her own idea with the new account: one vote when the two become one.
    const slack = await post("Slack integration");
    await db.vote.create({ data: { workspaceId: slack.workspaceId, postId: slack.id, userId: account.id } });
    await db.post.update({ where: { id: slack.id }, data: { voteCount: { increment: 1 } } });

    expect(await follow(link, account)).toBe("https://app.example.test/workspaces?email=verified");
    expect(await holdings(account.id)).toEqual({ votes: 3, comments: 0, posts: 1 });
    expect(await post("Slack integration")).toMatchObject({ voteCount: 1, author: { id: account.id, name: "Ada Lovelace" } });
    expect((await post("Canny idea 3")).voteCount).toBe(3);
    expect(await db.user.count({ where: { id: imported.id } })).toBe(0);
    expect(await db.user.count({ where: { email: heldAddress(ada) } })).toBe(0);

    // The address belongs to a real account now: a sign-up with it gets the usual notice, and nothing changes.
    expect(await registerAccount({ email: ada, password: "someone-elses-password", name: "Mallory" }, { ip: "198.51.100.22" })).toEqual({ ok: true, data: { email: ada } });
    const notice = await smtp.mailTo(ada, 2);
    expect(notice.subject).toBe("Someone tried to create an account with your address");
    expect(await db.user.findUniqueOrThrow({ where: { email: ada } })).toEqual(await db.user.findUniqueOrThrow({ where: { id: account.id } }));
  });

  it("a stranger who signs up with the address gets none of it; its owner's “Forgot password?” claims it", async () => {
    const { grace, post } = await importedPeople();
    const imported = await db.user.findUniqueOrThrow({ where: { email: grace } });
    expect(await holdings(imported.id)).toEqual({ votes: 2, comments: 2, posts: 1 });

    expect((await registerAccount({ email: grace, password: "the-strangers-password", name: "Mallory" }, { ip: "198.51.100.23" })).ok).toBe(true);
    const stranger = await db.user.findUniqueOrThrow({ where: { email: grace } });
    expect(await holdings(stranger.id)).toEqual({ votes: 0, comments: 0, posts: 0 });
    expect((await post("Slack integration")).voteCount).toBe(1);

    // A second sign-up while the first is unproven: the address has an account with a password now.
    expect((await registerAccount({ email: grace, password: "another-password", name: "Eve" }, { ip: "198.51.100.24" })).ok).toBe(true);
    expect((await smtp.mailTo(grace, 2)).subject).toBe("Someone tried to create an account with your address");

    expect((await requestPasswordReset({ email: grace }, { ip: "198.51.100.25" })).ok).toBe(true);
    const resetLink = linkIn((await smtp.mailTo(grace, 3)).text, "/reset-password/");
    const token = new URL(resetLink).pathname.split("/reset-password/")[1];
    expect((await resetPassword({ token, password: "graces-own-password" })).ok).toBe(true);
    expect(await holdings(stranger.id)).toEqual({ votes: 2, comments: 2, posts: 1 });
    expect(await db.user.count({ where: { id: imported.id } })).toBe(0);
  });

  it("an import after an unproven sign-up sets the person's rows aside until the address is proven", async () => {
    let signedUp = "";
    const { ada } = await importedPeople(async ({ ada }) => {
      expect((await registerAccount({ email: ada, password: PASSWORD, name: "Ada Lovelace" }, { ip: "198.51.100.26" })).ok).toBe(true);
      signedUp = ada;
    });
    expect(signedUp).toBe(ada);
    const account = await db.user.findUniqueOrThrow({ where: { email: ada } });
    expect(await holdings(account.id)).toEqual({ votes: 0, comments: 0, posts: 0 });
    const held = await db.user.findUniqueOrThrow({ where: { email: heldAddress(ada) } });
    expect(held).toMatchObject({ name: "Ada Voter", passwordHash: null, emailVerifiedAt: null });
    expect(await holdings(held.id)).toEqual({ votes: 3, comments: 0, posts: 1 });

    const link = linkIn((await smtp.mailTo(ada)).text, "/verify-email?token=");
    expect(await follow(link, account)).toBe("https://app.example.test/workspaces?email=verified");
    expect(await holdings(account.id)).toEqual({ votes: 3, comments: 0, posts: 1 });
    expect(await db.user.count({ where: { id: held.id } })).toBe(0);
  });
});
