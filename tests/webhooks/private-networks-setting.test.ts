import { afterEach, describe, expect, it, vi } from "vitest";
import { allowedAddresses, privateNetworksAllowed, TargetRefused, webhookTargetProblem, webhookUrlHint } from "@/lib/domain/webhooks/address-policy";

// Which addresses a webhook may go to, by how the server runs: `next dev` accepts a receiver on
// the developer's machine without any setting; a production build keeps the public-only rule;
// the setting, when given, decides either way.
afterEach(() => vi.unstubAllEnvs());

function runAs(nodeEnv: "development" | "production" | "test", setting?: "true" | "false") {
  vi.stubEnv("NODE_ENV", nodeEnv);
  if (setting === undefined) vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", undefined);
  else vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", setting);
}

describe("private and loopback webhook addresses", () => {
  it("development allows http on 127.0.0.1 with no setting, and the form's hint says so", async () => {
    runAs("development");
    expect(privateNetworksAllowed()).toBe(true);
    expect(await webhookTargetProblem("http://127.0.0.1:4000/hooks/workspace")).toBeNull();
    expect(await allowedAddresses("127.0.0.1")).toEqual([{ address: "127.0.0.1", family: 4 }]);
    expect(webhookUrlHint()).toMatch(/http:\/\/127\.0\.0\.1/);
  });

  it("production without the setting refuses plain http and loopback, as before", async () => {
    runAs("production");
    expect(privateNetworksAllowed()).toBe(false);
    expect(await webhookTargetProblem("http://127.0.0.1:4000/hooks")).toMatch(/must start with https/);
    expect(await webhookTargetProblem("https://127.0.0.1/hooks")).toMatch(/private, loopback/);
    await expect(allowedAddresses("127.0.0.1")).rejects.toBeInstanceOf(TargetRefused);
    expect(webhookUrlHint()).toBe("https, on a public address.");
  });

  it("the setting decides when given: false refuses in development, true allows in production", async () => {
    runAs("development", "false");
    expect(await webhookTargetProblem("http://127.0.0.1:4000/hooks")).toMatch(/must start with https/);
    runAs("production", "true");
    expect(await webhookTargetProblem("http://127.0.0.1:4000/hooks")).toBeNull();
  });

  it("the test runner, like production, refuses unless told", () => {
    runAs("test");
    expect(privateNetworksAllowed()).toBe(false);
  });
});
