import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkMailTransport, describeMailTransport, mailMode } from "@/lib/platform/config/transport-choice.mjs";

// Production without a mail transport must be a choice the operator made: otherwise sign-up says a
// link is on its way that never leaves the server, and the account can never be confirmed.
const SECRETS = { NEXTAUTH_SECRET: "s".repeat(32), API_KEY_SECRET: "k".repeat(32) };

describe("the mail check `npm start` runs first", () => {
  it("refuses without SMTP_URL, naming both ways out", () => {
    const result = checkMailTransport({ NODE_ENV: "production" });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^Refusing to start without SMTP_URL: .*Set SMTP_URL .*or set MAIL_TRANSPORT=none to run without mail/);
  });

  it("passes with MAIL_TRANSPORT=none, and says how mail will (not) go out", () => {
    expect(checkMailTransport({ MAIL_TRANSPORT: "none" })).toEqual({
      ok: true,
      line: expect.stringMatching(/^mail: disabled by MAIL_TRANSPORT=none; the operator confirms new accounts \(npm run users -- confirm <email>\)/),
    });
  });

  it("passes with an SMTP URL and names its host and port, never its password", () => {
    expect(checkMailTransport({ SMTP_URL: "smtp://mailer:hunter2@mail.example.test:2525" })).toEqual({ ok: true, line: "mail: SMTP via mail.example.test:2525" });
    expect(checkMailTransport({ SMTP_URL: "smtps://mail.example.test" })).toEqual({ ok: true, line: "mail: SMTP via mail.example.test:465" });
    expect(checkMailTransport({ SMTP_URL: "smtp://mail.example.test", MAIL_TRANSPORT: "smtp" })).toEqual({ ok: true, line: "mail: SMTP via mail.example.test:587" });
  });

  it("refuses an SMTP_URL that is not one, an unknown MAIL_TRANSPORT, and MAIL_TRANSPORT=smtp without a URL", () => {
    expect(checkMailTransport({ SMTP_URL: "mail.example.test:25" })).toEqual({ ok: false, message: "Refusing to start: SMTP_URL is not an smtp:// or smtps:// URL." });
    expect(checkMailTransport({ MAIL_TRANSPORT: "sendmail", SMTP_URL: "smtp://x" }).ok).toBe(false);
    expect(checkMailTransport({ MAIL_TRANSPORT: "smtp" }).ok).toBe(false);
  });

  it("the app follows the same choice: off when opted out (even with SMTP_URL), outbox only in development", () => {
    expect(mailMode({ MAIL_TRANSPORT: "none", SMTP_URL: "smtp://x" })).toBe("off");
    expect(mailMode({ SMTP_URL: "smtp://x", NODE_ENV: "production" })).toBe("smtp");
    expect(mailMode({ NODE_ENV: "production" })).toBe("off");
    expect(mailMode({ NODE_ENV: "development" })).toBe("outbox");
    expect(describeMailTransport({ NODE_ENV: "production" })).toMatch(/^mail: NOT SENT, SMTP_URL is not set/);
  });
});

describe("node scripts/start.mjs", () => {
  const start = path.resolve("scripts/start.mjs");
  // From an empty folder: if the check let it through, launching finds no server to run and fails
  // there instead; nothing is ever served.
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "start-check-"));
  afterAll(() => fs.rmSync(cwd, { recursive: true, force: true }));
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, [start], { cwd, env: { PATH: process.env.PATH ?? "", ...SECRETS, ...env } as unknown as NodeJS.ProcessEnv, encoding: "utf8", timeout: 30_000 });

  it("without SMTP_URL and without the opt-out: exit 1 and the reason, before any migration or launch", () => {
    const result = run({});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refusing to start without SMTP_URL");
    expect(result.stdout).toBe("");
  });

  it("with MAIL_TRANSPORT=none the check passes, and one structured line says mail is off", () => {
    const result = run({ MAIL_TRANSPORT: "none", SKIP_MIGRATIONS: "1" });
    const [first] = result.stdout.trim().split("\n");
    expect(JSON.parse(first!)).toMatchObject({ level: 30, msg: expect.stringMatching(/^mail: disabled by MAIL_TRANSPORT=none;/) });
    expect(result.stderr).not.toContain("Refusing");
    expect(result.status).not.toBe(0); // got as far as launching, with no server here to launch
  });
});

describe("node .server/server.mjs, as a container runs it", () => {
  // The production server itself refuses as `npm start` does, before Next.js loads: started
  // directly it must not listen without its secrets or a mail choice. Nothing is served either way.
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, [".server/server.mjs", "--port", "1", "--hostname", "127.0.0.1"], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    });

  it("without SMTP_URL and without MAIL_TRANSPORT=none: exit 1 and the reason", { timeout: 90_000 }, () => {
    const result = run(SECRETS);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refusing to start without SMTP_URL");
    expect(result.stdout).not.toContain("server listening");
  });

  it("without its secrets: exit 1 naming them", { timeout: 90_000 }, () => {
    const result = run({ MAIL_TRANSPORT: "none" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refusing to start without NEXTAUTH_SECRET and API_KEY_SECRET");
    expect(result.stdout).not.toContain("server listening");
  });
});

describe("npm run worker in production", () => {
  // The worker sends the mail the servers queue: alone, it must make the same choice before it
  // takes any job.
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, [".server/worker.mjs"], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none", ...env } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    });

  it("without SMTP_URL and without MAIL_TRANSPORT=none: exit 1 and the reason, before it connects", { timeout: 90_000 }, () => {
    const result = run({});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refusing to start without SMTP_URL");
    expect(result.stdout).not.toContain("job worker running");
  });
});
