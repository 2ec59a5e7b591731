import fs from "node:fs";
import pg from "pg";
import { e2eMailDir } from "./mail-dir.mjs";

// The run's own database and mail folder go when it ends, so runs leave nothing behind.
export default async function globalTeardown() {
  fs.rmSync(e2eMailDir(), { recursive: true, force: true });
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return;
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
