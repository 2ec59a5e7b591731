#!/usr/bin/env node
// `npm start`: refuses to run without production secrets or without a choice about mail, applies
// pending migrations, then serves the production build (`npm run build` first).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { checkMailTransport } from "../lib/mail/transport-choice.mjs";

const missing = ["NEXTAUTH_SECRET", "API_KEY_SECRET"].filter((name) => (process.env[name]?.length ?? 0) < 32);
if (missing.length > 0) {
  console.error(
    `Refusing to start without ${missing.join(" and ")} (each at least 32 characters; ` +
      "generate one with `openssl rand -base64 32`).",
  );
  process.exit(1);
}

// Before anything is launched: how mail goes out, or the operator's explicit choice of none.
const mail = checkMailTransport(process.env);
if (!mail.ok) {
  console.error(mail.message);
  process.exit(1);
}
console.log(JSON.stringify({ level: 30, time: new Date().toISOString(), pid: process.pid, msg: mail.line }));

if (process.env.SKIP_MIGRATIONS !== "1") {
  const migrate = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/db-migrate.ts"], { stdio: "inherit" });
  if (migrate.status !== 0) process.exit(migrate.status ?? 1);
}

// Through node itself, to preload the request hooks (scripts/lib/http-hooks.mjs: the peer address
// into X-Forwarded-For, and the public answers' fast lane).
const httpHooks = pathToFileURL(path.resolve("scripts/lib/http-hooks.mjs")).href;
const next = spawn(process.execPath, ["--import", httpHooks, path.resolve("node_modules/next/dist/bin/next"), "start", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => next.kill(signal));
next.on("exit", (code) => process.exit(code ?? 0));
