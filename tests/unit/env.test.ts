import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { assertProductionSecrets, missingProductionSecrets } from "@/lib/platform/config/env";

describe("production secrets", () => {
  it("lists each missing or too short secret", () => {
    expect(missingProductionSecrets({})).toEqual(["NEXTAUTH_SECRET", "API_KEY_SECRET"]);
    expect(missingProductionSecrets({ NEXTAUTH_SECRET: "x".repeat(32), API_KEY_SECRET: "short" })).toEqual(["API_KEY_SECRET"]);
    expect(() => assertProductionSecrets({ NEXTAUTH_SECRET: "x".repeat(32), API_KEY_SECRET: "y".repeat(40) })).not.toThrow();
  });

  it("npm start refuses to start without them, saying which and how to make one", () => {
    const env = { ...process.env, NEXTAUTH_SECRET: "", API_KEY_SECRET: "" };
    const result = spawnSync(process.execPath, ["scripts/start.mjs"], { env, encoding: "utf8", timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refusing to start without NEXTAUTH_SECRET and API_KEY_SECRET");
    expect(result.stderr).toContain("openssl rand -base64 32");
  });
});
