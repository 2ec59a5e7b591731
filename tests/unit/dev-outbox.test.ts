import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// The development outbox survives a restart of the dev server: a mail kept by one process is on
// /dev/outbox in the next.
afterEach(() => {
  vi.unstubAllEnvs();
  delete (globalThis as { __devOutbox?: unknown }).__devOutbox;
});

describe("the development outbox", () => {
  it("is kept on disk, and a new process (a restarted server) lists what the last one kept", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "outbox-")), "outbox.json");
    vi.stubEnv("DEV_OUTBOX_FILE", file);
    delete (globalThis as { __devOutbox?: unknown }).__devOutbox;
    const { addToOutbox } = await import("@/lib/platform/mail/outbox");
    addToOutbox({ to: "new@example.test", subject: "Confirm your address", text: "http://localhost:3000/verify-email?token=abc", html: "<p>hi</p>" });
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");

    const listed = execFileSync(
      process.execPath,
      ["--import", "tsx", "-e", 'import("@/lib/platform/mail/outbox").then(({ outboxEntries }) => console.log(JSON.stringify(outboxEntries().map((mail) => [mail.to, mail.subject, mail.text]))))'],
      { env: { ...process.env, DEV_OUTBOX_FILE: file, NODE_ENV: "development" }, encoding: "utf8" },
    );
    expect(JSON.parse(listed)).toEqual([["new@example.test", "Confirm your address", "http://localhost:3000/verify-email?token=abc"]]);
  });

  it("stays in memory under the test runner and with DEV_OUTBOX_FILE=memory", async () => {
    const { outboxFile } = await import("@/lib/platform/mail/outbox");
    vi.stubEnv("DEV_OUTBOX_FILE", "memory");
    expect(outboxFile()).toBeNull();
    vi.stubEnv("DEV_OUTBOX_FILE", undefined);
    vi.stubEnv("NODE_ENV", "development");
    expect(outboxFile()).toBe(path.resolve(".data/outbox.json"));
  });
});
