import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/platform/auth/password";
import { activeSession, startSession } from "@/lib/platform/auth/sessions";
import { db } from "@/lib/platform/db/client";
import { settleMail } from "@/lib/platform/mail/send-mail";
import { changeName } from "@/lib/domain/users/change-name";
import { changePassword } from "@/lib/domain/users/change-password";
import { confirmEmailChange } from "@/lib/domain/users/confirm-email-change";
import { deleteAccount, lastOwnerRefusal } from "@/lib/domain/users/delete-account";
import { requestEmailChange } from "@/lib/domain/users/request-email-change";
import { requestPasswordReset } from "@/lib/domain/users/request-password-reset";
import { checkResetLink } from "@/lib/domain/users/reset-password";
import { leaveWorkspace } from "@/lib/domain/workspaces/leave-workspace";
import { seedTenant, uniqueSuffix } from "../support/api";
import { actorOf } from "../support/actors";
import { linkIn, startSmtpServer } from "../support/smtp";

// The account page's use cases, with mail over a real SMTP server started here.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const PASSWORD = "correct-horse-battery";
let ipCounter = 0;
const origin = () => ({ ip: `198.51.100.${++ipCounter}` });
const address = (label: string) => `${label}-${uniqueSuffix()}@example.test`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.NEXTAUTH_URL = "https://app.example.test";
});
afterAll(async () => {
  await settleMail();
  await smtp.close();
  delete process.env.SMTP_URL;
});

async function account(label: string) {
  return db.user.create({ data: { email: address(label), name: label, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() } });
}

describe("change name", () => {
  it("saves a trimmed name, clears an empty one, and refuses NUL and control characters", async () => {
    const user = await account("name");
    expect(await changeName(user.id, { name: "  Ada Lovelace " })).toEqual({ ok: true, data: { name: "Ada Lovelace" } });
    for (const bad of ["Ada\u0000", "Ada\nLovelace", "Ada\u0007", "Ada\u009b", "\ud800"]) {
      expect((await changeName(user.id, { name: bad })).ok, JSON.stringify(bad)).toBe(false);
    }
    expect(await changeName(user.id, { name: "x".repeat(101) })).toEqual({ ok: false, fieldErrors: { name: "Use at most 100 characters." } });
    expect(await changeName(user.id, { name: 7 })).toEqual({ ok: false, fieldErrors: { name: "Enter a name." } });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe("Ada Lovelace");
    expect(await changeName(user.id, { name: "" })).toEqual({ ok: true, data: { name: null } });
  });
});

describe("change email", () => {
  it("the link mailed to the new address moves the account; the old address is told; earlier links die", async () => {
    const user = await account("mover");
    const next = address("moved");
    const reset = await requestPasswordReset({ email: user.email }, origin());
    expect(reset.ok).toBe(true);
    const resetToken = linkIn((await smtp.mailTo(user.email)).text, "/reset-password/").split("/reset-password/")[1]!;

    expect(await requestEmailChange(user.id, { email: next.toUpperCase(), currentPassword: PASSWORD }, origin())).toEqual({ ok: true, data: { email: next } });
    // Nothing changes before the link is followed.
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    const mail = await smtp.mailTo(next);
    expect(mail.subject).toBe("Confirm your new email address");
    const link = linkIn(mail.text, "/confirm-email?token=");
    expect(link.startsWith("https://app.example.test/confirm-email?token=")).toBe(true);
    const token = new URL(link).searchParams.get("token");

    expect(await confirmEmailChange(token)).toBe("changed");
    const moved = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(moved.email).toBe(next);
    expect(moved.emailVerifiedAt).toBeInstanceOf(Date);
    const notice = await smtp.mailTo(user.email, 2);
    expect(notice.subject).toBe("Your email address was changed");
    expect(notice.text).toContain(`now uses ${next}`);
    // A second visit says it is done; the reset link mailed to the old address no longer works.
    expect(await confirmEmailChange(token)).toBe("changed");
    expect(await checkResetLink(resetToken)).toEqual({ ok: false, reason: "used" });
  });

  it("an address that has an account: the same answer, a notice to its owner instead of a link, nothing changes", async () => {
    const [user, owner] = [await account("asker"), await account("holder")];
    expect(await requestEmailChange(user.id, { email: owner.email, currentPassword: PASSWORD }, origin())).toEqual({ ok: true, data: { email: owner.email } });
    const notice = await smtp.mailTo(owner.email);
    expect(notice.subject).toBe("Someone tried to move an account to your address");
    expect(notice.text).not.toContain("confirm-email");
    expect(await db.emailToken.count({ where: { userId: user.id, purpose: "CHANGE_EMAIL" } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it("an address taken between the request and the link is refused when the link is followed", async () => {
    const user = await account("racer");
    const next = address("contested");
    await requestEmailChange(user.id, { email: next, currentPassword: PASSWORD }, origin());
    const token = new URL(linkIn((await smtp.mailTo(next)).text, "/confirm-email?token=")).searchParams.get("token");
    await db.user.create({ data: { email: next } });
    expect(await confirmEmailChange(token)).toBe("taken");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it("needs the current password, refuses the same address, and refuses expired or forged links", async () => {
    const user = await account("careful");
    expect(await requestEmailChange(user.id, { email: address("x"), currentPassword: "wrong-password" }, origin())).toEqual({
      ok: false,
      fieldErrors: { currentPassword: "That is not your current password." },
    });
    expect(await requestEmailChange(user.id, { email: address("x") }, origin())).toEqual({ ok: false, fieldErrors: { currentPassword: "Enter your current password." } });
    expect(await requestEmailChange(user.id, { email: user.email.toUpperCase(), currentPassword: PASSWORD }, origin())).toEqual({
      ok: false,
      fieldErrors: { email: "That is already your address." },
    });
    const next = address("slow");
    await requestEmailChange(user.id, { email: next, currentPassword: PASSWORD }, origin());
    const token = new URL(linkIn((await smtp.mailTo(next)).text, "/confirm-email?token=")).searchParams.get("token")!;
    expect(await confirmEmailChange(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBe("invalid");
    expect(await confirmEmailChange(null)).toBe("invalid");
    await db.emailToken.updateMany({ where: { userId: user.id, purpose: "CHANGE_EMAIL" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await confirmEmailChange(token)).toBe("expired");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });
});

describe("change password", () => {
  it("needs the current password; ends the other sessions and keeps this one", async () => {
    const user = await account("pw");
    const here = await startSession(user.id);
    const elsewhere = await startSession(user.id);
    const session = { id: user.id, sessionId: here };
    expect(await changePassword(session, { currentPassword: "not-it-at-all", newPassword: "a-new-password-1" }, origin())).toEqual({
      ok: false,
      fieldErrors: { currentPassword: "That is not your current password." },
    });
    expect(await changePassword(session, { currentPassword: PASSWORD, newPassword: "short" }, origin())).toEqual({
      ok: false,
      fieldErrors: { newPassword: "Use at least 10 characters." },
    });
    expect(await activeSession(elsewhere)).not.toBeNull();
    expect(await changePassword(session, { currentPassword: PASSWORD, newPassword: "a-new-password-1" }, origin())).toEqual({ ok: true, data: { endedSessions: 1 } });
    expect(await activeSession(here)).toMatchObject({ userId: user.id });
    expect(await activeSession(elsewhere)).toBeNull();
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(stored.passwordHash!, "a-new-password-1")).toBe(true);
    expect(await verifyPassword(stored.passwordHash!, PASSWORD)).toBe(false);
  });
});

describe("delete the account", () => {
  it("is refused while it is the only owner of workspaces with other members, naming them; nothing is deleted", async () => {
    const [first, second, coOwned] = [await seedTenant(), await seedTenant(), await seedTenant()];
    await first.member("VIEWER");
    await db.workspace.update({ where: { id: first.workspace.id }, data: { name: "Beta Rockets" } });
    // second: first's owner took over as its only owner; its founder stayed on as an admin.
    await db.membership.create({ data: { workspaceId: second.workspace.id, userId: first.owner.id, role: "OWNER" } });
    await db.membership.updateMany({ where: { workspaceId: second.workspace.id, userId: second.owner.id }, data: { role: "ADMIN" } });
    await db.workspace.update({ where: { id: second.workspace.id }, data: { name: "Alpha Labs" } });
    // Co-owned with another owner: not in the way, not named.
    await db.membership.create({ data: { workspaceId: coOwned.workspace.id, userId: first.owner.id, role: "OWNER" } });

    const answer = await deleteAccount(first.owner.id, { confirmation: first.owner.email });
    expect(answer).toEqual({ ok: false, fieldErrors: { form: lastOwnerRefusal(["Alpha Labs", "Beta Rockets"]) } });
    expect(lastOwnerRefusal(["Alpha Labs", "Beta Rockets"])).toBe(
      "You are the only owner of Alpha Labs and Beta Rockets, which have other members. Make someone else an owner of them (Settings → Members), or delete them, first.",
    );
    expect(await db.user.count({ where: { id: first.owner.id } })).toBe(1);
    expect(await db.workspace.count({ where: { id: { in: [first.workspace.id, second.workspace.id] } } })).toBe(2);
  });

  it("a typo in the confirmation is refused", async () => {
    const user = await account("typo");
    expect(await deleteAccount(user.id, { confirmation: `${user.email}x` })).toEqual({
      ok: false,
      fieldErrors: { confirmation: `That is not your address. Type your email address, ${user.email}, to confirm.` },
    });
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
  });

  it("removes workspaces it owns alone, leaves shared ones, takes its votes off the counts, and ends its sessions and keys", async () => {
    const alone = await seedTenant();
    const shared = await seedTenant();
    const user = await db.user.findUniqueOrThrow({ where: { id: alone.owner.id } });
    await db.membership.create({ data: { workspaceId: shared.workspace.id, userId: user.id, role: "MEMBER" } });
    const board = await db.board.create({ data: { workspaceId: shared.workspace.id, name: "Ideas", slug: `ideas-${uniqueSuffix()}` } });
    const post = await db.post.create({ data: { workspaceId: shared.workspace.id, boardId: board.id, title: "Dark mode", authorId: user.id, voteCount: 2 } });
    await db.vote.create({ data: { workspaceId: shared.workspace.id, postId: post.id, userId: user.id } });
    await db.vote.create({ data: { workspaceId: shared.workspace.id, postId: post.id, userId: shared.owner.id } });
    await alone.key("all");
    const session = await startSession(user.id);

    expect(await deleteAccount(user.id, { confirmation: ` ${user.email.toUpperCase()} ` })).toEqual({ ok: true, data: { deletedWorkspaces: [alone.workspace.slug] } });
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
    expect(await db.workspace.count({ where: { id: alone.workspace.id } })).toBe(0);
    expect(await db.apiKey.count({ where: { workspaceId: alone.workspace.id } })).toBe(0);
    expect(await db.workspace.count({ where: { id: shared.workspace.id } })).toBe(1);
    expect(await db.membership.count({ where: { workspaceId: shared.workspace.id } })).toBe(1);
    expect(await db.post.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ authorId: null, voteCount: 1, title: "Dark mode" });
    expect(await activeSession(session)).toBeNull();
  });

  it("deleting the account while the other owner leaves at the same moment: one of them is refused, an owner always remains", async () => {
    for (let round = 0; round < 3; round++) {
      const tenant = await seedTenant();
      const coOwner = await tenant.member("OWNER", "co-owner");
      await tenant.member("MEMBER");
      const owner = await db.user.findUniqueOrThrow({ where: { id: tenant.owner.id } });
      const [deleted, left] = await Promise.allSettled([
        deleteAccount(owner.id, { confirmation: owner.email }),
        actorOf(tenant, coOwner).then(leaveWorkspace),
      ]);
      const accountGone = deleted.status === "fulfilled" && deleted.value.ok;
      expect(accountGone !== (left.status === "fulfilled"), `round ${round}: exactly one succeeds`).toBe(true);
      expect(await db.membership.count({ where: { workspaceId: tenant.workspace.id, role: "OWNER" } })).toBe(1);
    }
  });
});
