import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { updateWidgetOrigins } from "@/lib/domain/widget/update-widget-origins";
import { actorOf } from "../support/actors";
import { seedTenant } from "../support/api";

// Only the widget's embed pages may be framed, and only by their workspace's allowed origins;
// every other page keeps refusing frames (tests/hardening/security-headers.test.ts).
async function headersOf(path: string) {
  return (await proxy(new NextRequest(`http://localhost${path}`))).headers;
}

describe("frame-ancestors of the embed pages", () => {
  it("names exactly the workspace's allowed origins, follows a change of the list, and sends no X-Frame-Options", async () => {
    clearPublicCache();
    const tenant = await seedTenant({ published: true });
    const slug = tenant.workspace.slug;
    const owner = await actorOf(tenant, tenant.owner);
    expect((await headersOf(`/embed/${slug}/feedback`)).get("content-security-policy")).toMatch(/frame-ancestors 'none'$/);

    await updateWidgetOrigins(owner, { origins: ["https://app.customer.test", "https://*.customer.test"] });
    clearPublicCache(); // what the workspace row's change notice does on every instance
    const headers = await headersOf(`/embed/${slug}/changelog?locale=ar`);
    expect(headers.get("content-security-policy")).toMatch(/frame-ancestors https:\/\/app\.customer\.test https:\/\/\*\.customer\.test$/);
    expect(headers.get("x-frame-options")).toBeNull();
    expect(headers.get("x-middleware-request-x-next-intl-locale")).toBe("ar");

    const dashboard = await headersOf(`/w/${slug}/settings/widget`);
    expect(dashboard.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(dashboard.get("x-frame-options")).toBe("DENY");
  });

  it("an unknown or unpublished workspace's embed pages may be framed by no one", async () => {
    const unpublished = await seedTenant({ published: false });
    await updateWidgetOrigins(await actorOf(unpublished, unpublished.owner), { origins: ["https://app.customer.test"] });
    clearPublicCache();
    for (const path of [`/embed/${unpublished.workspace.slug}/feedback`, "/embed/no-such-workspace/feedback", "/embed/%2e%2e/feedback"]) {
      expect((await headersOf(path)).get("content-security-policy"), path).toMatch(/frame-ancestors 'none'$/);
    }
  });
});
