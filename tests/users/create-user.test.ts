import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/platform/auth/password";
import { db } from "@/lib/platform/db/client";
import { createUser } from "@/lib/domain/users/create-user";

describe("createUser", () => {
  it("stores a lower-cased email and an argon2id hash, never the password", async () => {
    const result = await createUser({ email: "  Mixed.Case@Example.TEST ", password: "a-strong-password", name: "Ann" });
    expect(result.ok).toBe(true);
    const user = await db.user.findUniqueOrThrow({ where: { email: "mixed.case@example.test" } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain("a-strong-password");
    expect(await verifyPassword(user.passwordHash!, "a-strong-password")).toBe(true);
    expect(await verifyPassword(user.passwordHash!, "wrong-password")).toBe(false);
  });

  it("reports a taken email, whatever its case, without a message for the visitor, and writes nothing", async () => {
    await createUser({ email: "taken@example.test", password: "a-strong-password" });
    const before = await db.user.findUniqueOrThrow({ where: { email: "taken@example.test" } });
    const result = await createUser({ email: "TAKEN@example.test", password: "another-password" });
    expect(result).toEqual({ ok: false, taken: true, email: "taken@example.test", fieldErrors: {} });
    expect(await db.user.findUniqueOrThrow({ where: { email: "taken@example.test" } })).toEqual(before);
  });

  it.each([
    [{ email: "not-an-email", password: "a-strong-password" }, { email: "Enter a valid email address." }],
    [{ email: "ok@example.test", password: "short" }, { password: "Use at least 10 characters." }],
    [{ email: "ok2@example.test", password: "x".repeat(201) }, { password: "Use at most 200 characters." }],
    [{ email: `${"a".repeat(250)}@example.test`, password: "a-strong-password" }, { email: "Email is too long." }],
  ])("refuses %j with a message on the field", async (input, fieldErrors) => {
    const before = await db.user.count();
    expect(await createUser(input)).toEqual({ ok: false, fieldErrors });
    expect(await db.user.count()).toBe(before);
  });

  it("creates the account unverified, and a pending invitation for its address stays pending", async () => {
    const workspace = await db.workspace.create({ data: { slug: "inviting", name: "Inviting" } });
    await db.invitation.create({
      data: { workspaceId: workspace.id, email: "invitee@example.test", role: "ADMIN", expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const result = await createUser({ email: "Invitee@example.test", password: "a-strong-password" });
    if (!result.ok) throw new Error("sign-up failed");
    expect(await db.user.findUniqueOrThrow({ where: { id: result.data.id } })).toMatchObject({ emailVerifiedAt: null });
    expect(await db.membership.count({ where: { userId: result.data.id } })).toBe(0);
    expect(await db.invitation.count({ where: { email: "invitee@example.test" } })).toBe(1);
  });
});
