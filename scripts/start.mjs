#!/usr/bin/env node
// `npm start`: refuses to run without production secrets or without a choice about mail, applies
// pending migrations, then serves the production build (`npm run build` first) with the production
// server, server.ts.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { checkMailTransport } from "../lib/platform/mail/transport-choice.mjs";

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

// server.ts through node itself with tsx's loader (TypeScript, the app's "@/" imports): one
// process, whose arguments (--port, --hostname) pass through.
const server = spawn(process.execPath, ["--import", "tsx", path.resolve("server.ts"), ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
