// How mail goes out, decided from the environment. Plain JavaScript so that `npm start`
// (scripts/start.mjs) can refuse a production start before anything is launched, and the app
// (lib/platform/mail/config.ts) describes and follows the very same choice.
//
// Production sends over SMTP (SMTP_URL) unless the operator says, with MAIL_TRANSPORT=none, that
// this instance sends no mail at all. Without either, a sign-up would be told a link is on its way
// that never leaves the server, so `npm start` refuses. Development without SMTP_URL keeps mail in
// the log and the /dev/outbox page.

export const MAIL_TRANSPORT_OFF = "none";
const CHOICES = ["smtp", MAIL_TRANSPORT_OFF];

/**
 * @param {Record<string, string | undefined>} env
 * @returns {"smtp" | "outbox" | "off"}
 */
export function mailMode(env) {
  if (env.MAIL_TRANSPORT?.trim().toLowerCase() === MAIL_TRANSPORT_OFF) return "off";
  if (env.SMTP_URL?.trim()) return "smtp";
  return env.NODE_ENV === "production" ? "off" : "outbox";
}

/** host:port of an SMTP URL, or null when it is not one. */
function smtpTarget(url) {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") return null;
    return `${parsed.hostname}:${parsed.port || (parsed.protocol === "smtps:" ? "465" : "587")}`;
  } catch {
    return null;
  }
}

/** One line for the start-up log: how mail will go out. */
export function describeMailTransport(env) {
  const mode = mailMode(env);
  if (mode === "smtp") {
    const target = smtpTarget(env.SMTP_URL.trim());
    return target ? `mail: SMTP via ${target}` : "mail: SMTP_URL is set but is not an smtp:// or smtps:// URL: mail will fail to send";
  }
  if (mode === "outbox") return "mail: development outbox (the log and /dev/outbox); set SMTP_URL to send for real";
  if (env.MAIL_TRANSPORT?.trim()) {
    return "mail: disabled by MAIL_TRANSPORT=none; the operator confirms new accounts (npm run users -- confirm <email>) and admins pass invitation links on themselves";
  }
  return "mail: NOT SENT, SMTP_URL is not set (set it, or MAIL_TRANSPORT=none to run without mail)";
}

/**
 * The check `npm start` runs before launching the production server.
 * @param {Record<string, string | undefined>} env
 * @returns {{ ok: true, line: string } | { ok: false, message: string }}
 */
export function checkMailTransport(env) {
  const choice = env.MAIL_TRANSPORT?.trim().toLowerCase() ?? "";
  if (choice && !CHOICES.includes(choice)) {
    return { ok: false, message: `Refusing to start: MAIL_TRANSPORT is "${env.MAIL_TRANSPORT}"; it takes smtp (the default, with SMTP_URL) or none.` };
  }
  if (choice === MAIL_TRANSPORT_OFF) return { ok: true, line: describeMailTransport(env) };
  const url = env.SMTP_URL?.trim();
  if (!url) {
    return {
      ok: false,
      message:
        "Refusing to start without SMTP_URL: sign-up, password reset and invitations mail links, and none would arrive. " +
        "Set SMTP_URL (smtp://user:password@host:587, or smtps:// for TLS from the first byte), " +
        "or set MAIL_TRANSPORT=none to run without mail (the operator then confirms new accounts with `npm run users -- confirm <email>`).",
    };
  }
  if (!smtpTarget(url)) return { ok: false, message: "Refusing to start: SMTP_URL is not an smtp:// or smtps:// URL." };
  return { ok: true, line: describeMailTransport(env) };
}
