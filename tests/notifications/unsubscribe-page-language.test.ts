import { describe, expect, it } from "vitest";
import { generateMetadata } from "@/app/unsubscribe/[token]/page";
import { db } from "@/lib/platform/db/client";
import { setPostNotificationLevel } from "@/lib/domain/notifications/set-post-notification-level";
import { unsubscribeToken } from "@/lib/domain/notifications/unsubscribe-token";
import { seedTenant } from "../support/api";

// The unsubscribe page a post-update mail links to: its tab's title is in the visitor's portal
// language, like the page itself, else the portal's default.
const titleFor = async (token: string) => (await generateMetadata({ params: Promise.resolve({ token }) })).title;

describe("the unsubscribe page's title", () => {
  it("is in the visitor's portal language, else the portal's default, else English", async () => {
    const tenant = await seedTenant({ published: true });
    const token = unsubscribeToken(tenant.owner.id, tenant.workspace.id);
    await db.workspace.update({ where: { id: tenant.workspace.id }, data: { portalDefaultLocale: "ja", portalLocales: ["ja", "de"] } });
    expect(await titleFor(token)).toBe("配信停止");
    await setPostNotificationLevel(tenant.owner.id, tenant.workspace.id, { level: "ALL", locale: "de" });
    expect(await titleFor(token)).toBe("Abmelden");
    expect(await titleFor("pu1.forged.token")).toBe("Unsubscribe");
  });
});
