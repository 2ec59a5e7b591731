import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { MIN_SECRET_LENGTH, missingProductionSecrets as missingSecrets, SECRET_NAMES } from "@/lib/platform/config/production-checks.mjs";

// Secrets the server cannot run without. Production refuses to start when one is missing
// (lib/platform/config/production-checks.mjs, the one place that says so); development generates them once
// and keeps them in the git-ignored .data folder, so sessions and API keys survive a restart of
// `npm run dev`.
type SecretName = (typeof SECRET_NAMES)[number];

export function isProduction(): boolean {
  return process.env.NODE_ENV === "production";
}

export function missingProductionSecrets(env: Record<string, string | undefined> = process.env): string[] {
  return missingSecrets(env);
}

export function assertProductionSecrets(env: Record<string, string | undefined> = process.env): void {
  const missing = missingProductionSecrets(env);
  if (missing.length > 0) {
    throw new Error(
      `Refusing to start in production without ${missing.join(" and ")} ` +
        `(each at least ${MIN_SECRET_LENGTH} characters; generate one with \`openssl rand -base64 32\`).`,
    );
  }
}

function devSecretsFile(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DEV_SECRETS_FILE ?? ".data/dev-secrets.json");
}

/** Generates (once) and returns the development secrets, for scripts/dev.mjs and tests. */
export function loadOrCreateDevSecrets(): Record<SecretName, string> {
  const file = devSecretsFile();
  let stored: Partial<Record<SecretName, string>> = {};
  try {
    stored = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8"));
  } catch {
    // first run
  }
  let changed = false;
  for (const name of SECRET_NAMES) {
    if (!stored[name]) {
      stored[name] = crypto.randomBytes(32).toString("base64url");
      changed = true;
    }
  }
  if (changed) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return stored as Record<SecretName, string>;
}

export function secret(name: SecretName): string {
  const value = process.env[name];
  if (value) return value;
  if (isProduction()) assertProductionSecrets();
  const generated = loadOrCreateDevSecrets()[name];
  process.env[name] = generated;
  return generated;
}
