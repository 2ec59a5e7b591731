// What a production start refuses, in one place: `npm start` (scripts/start.mjs) asks before it
// migrates anything, the compiled server and `npm run worker` ask again when started directly (a
// container's command), and the instrumentation hook for anything else that loads the build. Plain
// JavaScript, so that scripts/start.mjs can ask before anything is compiled or launched.
import { checkMailTransport } from "./transport-choice.mjs";

/** Secrets the server cannot run without; development generates its own (lib/platform/config/env.ts). */
export const SECRET_NAMES = /** @type {const} */ (["NEXTAUTH_SECRET", "API_KEY_SECRET"]);
export const MIN_SECRET_LENGTH = 32;

/**
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function missingProductionSecrets(env) {
  return SECRET_NAMES.filter((name) => (env[name]?.length ?? 0) < MIN_SECRET_LENGTH);
}

/**
 * Why a production start must not go on, or the line saying how mail goes out.
 * @param {Record<string, string | undefined>} env
 * @param {{ secrets?: boolean }} [options] secrets: false for the worker alone, which signs nothing
 * @returns {{ ok: true, mailLine: string } | { ok: false, message: string }}
 */
export function productionStartCheck(env, { secrets = true } = {}) {
  const missing = secrets ? missingProductionSecrets(env) : [];
  if (missing.length > 0) {
    return {
      ok: false,
      message:
        `Refusing to start without ${missing.join(" and ")} (each at least ${MIN_SECRET_LENGTH} characters; ` +
        "generate one with `openssl rand -base64 32`).",
    };
  }
  const mail = checkMailTransport(env);
  return mail.ok ? { ok: true, mailLine: mail.line } : { ok: false, message: mail.message };
}
