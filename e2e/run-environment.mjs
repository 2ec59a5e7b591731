// What one Playwright run uses, chosen once in the main process (playwright.config.ts) and handed
// to the web server and the test workers through the environment they inherit: a free port for
// the app (so runs from two clones never collide; the mail folder is keyed by it), and on
// PostgreSQL a database of its own, named after the run, which global-teardown.ts drops.
import { randomBytes } from "node:crypto";
import { describeDatabase, findPostgresSync } from "../scripts/lib/find-postgres.mjs";
import { freeListeningPortSync, freePortSync } from "../scripts/lib/free-port.mjs";

export function prepareE2eRun(env = process.env) {
  if (env.E2E_RUN_ID) return; // a worker: the main process chose already
  env.E2E_RUN_ID = randomBytes(4).toString("hex");
  env.E2E_PORT ||= String(freePortSync());
  // Where the import specs' stand-ins for Canny's and Statuspage's APIs listen; the app is told at
  // start. They listen only when their spec runs, minutes later: ports below the kernel's range for
  // outgoing connections, which no connection's local end can be holding by then.
  env.E2E_CANNY_PORT ||= String(freeListeningPortSync());
  env.E2E_STATUSPAGE_PORT ||= String(freeListeningPortSync());
  const found = findPostgresSync(env);
  if (found.url) {
    const url = new URL(found.url);
    url.pathname = `/wsp_e2e_${env.E2E_RUN_ID}`;
    env.E2E_DATABASE_URL = url.toString();
  } else {
    env.E2E_NO_POSTGRES = describeDatabase(found);
  }
  console.log(`playwright: ${describeDatabase(found)}; the app on port ${env.E2E_PORT}`);
}

/** The app's database in this run, for the specs that seed rows the UI cannot create. */
export function e2eDatabaseUrl() {
  const url = process.env.E2E_DATABASE_URL;
  if (url) return url;
  // Failing, not skipping: a skipped spec is a test that silently did not run.
  throw new Error(
    `This spec seeds rows straight into the app's database, which needs PostgreSQL, and the run has ${process.env.E2E_NO_POSTGRES ?? "none"}. ` +
      "Start PostgreSQL (or set TEST_DATABASE_URL) to run it.",
  );
}
