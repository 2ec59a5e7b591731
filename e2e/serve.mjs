#!/usr/bin/env node
// Playwright's web server: the production build on a fresh database. PostgreSQL when
// E2E_DATABASE_URL names one (the run's own, chosen by playwright.config.ts; recreated here),
// otherwise embedded PGlite in a new temporary folder. Builds first if there is no build.
// Mail goes over real SMTP to a server started here, which writes each message as JSON into
// e2eMailDir() for the specs to read (e2e/mail.ts).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { e2eMailDir } from "./mail-dir.mjs";

const port = process.env.E2E_PORT;
if (!port) throw new Error("E2E_PORT is not set: start the e2e server through Playwright (playwright.config.ts picks a free port).");
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  NEXTAUTH_URL: `http://localhost:${port}`,
  NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET ?? "e2e-nextauth-secret-0123456789abcdef0123456789",
  API_KEY_SECRET: process.env.E2E_API_KEY_SECRET ?? "e2e-api-key-secret-0123456789abcdef0123456789",
  MAIL_FROM: "Workspace <no-reply@e2e.example.test>",
  // Every spec signs up and signs in from 127.0.0.1: the per-IP identity budgets would be spent by
  // the suite itself. Per-account and per-address throttles stay as in production.
  AUTH_IP_LIMIT_FACTOR: "50",
  // The instance's operator (e2e/operator-plans.spec.ts signs this address up) and whom owners ask
  // for another plan.
  OPERATOR_EMAILS: process.env.E2E_OPERATOR_EMAILS ?? "operator@e2e.example.test",
  OPERATOR_CONTACT: process.env.E2E_OPERATOR_CONTACT ?? "plans@e2e.example.test",
  // The webhook specs' receivers listen on 127.0.0.1 over plain http.
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  // The monitors spec watches a target on this machine.
  MONITOR_ALLOW_PRIVATE_NETWORKS: "true",
};

async function startMailbox() {
  const dir = e2eMailDir(port);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", async () => {
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          const mail = {
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: parsed.html ?? "",
            // Names lower-cased, so a spec can read List-Unsubscribe and the like.
            headers: Object.fromEntries(parsed.headers.map((header) => [header.key.toLowerCase(), header.value])),
            receivedAt: new Date().toISOString(),
          };
          sequence += 1;
          const file = path.join(dir, `${Date.now()}-${String(sequence).padStart(6, "0")}.json`);
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
          fs.renameSync(`${file}.tmp`, file);
          callback();
        } catch (error) {
          callback(error);
        }
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `smtp://127.0.0.1:${server.server.address().port}`;
}

env.SMTP_URL = await startMailbox();

async function freshPostgres(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

// playwright.config.ts names this run's own database (e2e/run-environment.mjs), or none: PGlite.
const databaseUrl = process.env.E2E_DATABASE_URL;
if (databaseUrl) {
  env.DATABASE_URL = await freshPostgres(databaseUrl);
} else {
  delete env.DATABASE_URL;
  env.PGLITE_DATA_DIR = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wsp-e2e-")), "pglite");
}

if (!fs.existsSync(".next/BUILD_ID")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["scripts/start.mjs", "--port", port], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
