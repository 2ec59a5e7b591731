import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUnsubscribeClaim, unsubscribeToken, verifyUnsubscribeToken } from "@/lib/domain/notifications/unsubscribe-token";

describe("unsubscribe token", () => {
  it("a valid token names its person, workspace and kind", () => {
    const token = unsubscribeToken("user_1", "ws_1");
    expect(token.startsWith("pu1.")).toBe(true);
    expect(verifyUnsubscribeToken(token)).toEqual({ userId: "user_1", workspaceId: "ws_1", kind: "post_updates" });
  });

  it("a tampered token is refused: another person's id, a changed signature, garbage", () => {
    const token = unsubscribeToken("user_1", "ws_1");
    const [, payload, sig] = token.split(".");
    const otherPayload = Buffer.from(JSON.stringify(["user_2", "ws_1", "post_updates"])).toString("base64url");
    expect(verifyUnsubscribeToken(`pu1.${otherPayload}.${sig}`)).toBeNull();
    const flipped = sig!.startsWith("A") ? `B${sig!.slice(1)}` : `A${sig!.slice(1)}`;
    expect(verifyUnsubscribeToken(`pu1.${payload}.${flipped}`)).toBeNull();
    expect(verifyUnsubscribeToken(`pu1.${payload}`)).toBeNull();
    expect(verifyUnsubscribeToken(`pu1.${payload}.${sig}.extra`)).toBeNull();
    expect(verifyUnsubscribeToken("")).toBeNull();
    expect(verifyUnsubscribeToken("pu1..")).toBeNull();
    expect(verifyUnsubscribeToken("x".repeat(5000))).toBeNull();
  });

  it("a token of another purpose is refused: another kind, or the right payload signed with another key", () => {
    expect(verifyUnsubscribeToken(signUnsubscribeClaim({ userId: "user_1", workspaceId: "ws_1", kind: "changelog" }))).toBeNull();
    const payload = Buffer.from(JSON.stringify(["user_1", "ws_1", "post_updates"])).toString("base64url");
    // Signed with the auth secret itself instead of the key derived for unsubscribing.
    const direct = createHmac("sha256", process.env.NEXTAUTH_SECRET ?? "").update(`pu1.${payload}`).digest("base64url");
    expect(verifyUnsubscribeToken(`pu1.${payload}.${direct}`)).toBeNull();
    expect(verifyUnsubscribeToken(`pv1.${payload}.${direct}`)).toBeNull();
  });
});
