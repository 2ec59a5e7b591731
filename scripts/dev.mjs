#!/usr/bin/env node
// `npm run dev`: no configuration needed. Generates development secrets once (kept in .data/),
// migrates and seeds the database (embedded PGlite unless DATABASE_URL is set), then starts the
// one server (server.ts, the production server's own front door: headers, limits, job worker) with
// Next in development mode, from the sources through tsx.
import { devPort } from "./lib/dev-port.mjs";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

const [{ spawn, spawnSync }, crypto, fs, path] = await Promise.all([import("node:child_process"), import("node:crypto"), import("node:fs"), import("node:path")]);

const secretsFile = path.resolve(process.env.DEV_SECRETS_FILE ?? ".data/dev-secrets.json");
function devSecrets() {
  let stored = {};
  try {
    stored = JSON.parse(fs.readFileSync(secretsFile, "utf8"));
  } catch {
    // first run
  }
  for (const name of ["NEXTAUTH_SECRET", "API_KEY_SECRET"]) stored[name] ??= crypto.randomBytes(32).toString("base64url");
  fs.mkdirSync(path.dirname(secretsFile), { recursive: true });
  fs.writeFileSync(secretsFile, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return stored;
}

const port = devPort(process.argv.slice(2), process.env);
const env = { ...devSecrets(), NEXTAUTH_URL: `http://localhost:${port}`, ...process.env };

const setup = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/db-seed.ts"], { stdio: "inherit", env });
if (setup.status !== 0) process.exit(setup.status ?? 1);

// Node itself with tsx's loader (not the tsx command, which would run the server in a grandchild
// that signals do not reach). Without a hostname the server listens on every interface, as
// `next dev` did; `--hostname 127.0.0.1` (and any other argument) passes through.
const server = spawn(process.execPath, ["--import", "tsx", "server.ts", "--dev", "--port", port, ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
