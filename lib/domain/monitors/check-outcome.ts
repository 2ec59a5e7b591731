/** What one check found. `error` is a sentence for the reader, never a stack. */
export interface CheckOutcome {
  ok: boolean;
  /** Passed, but slower than the monitor's "degraded above". */
  degraded: boolean;
  durationMs: number | null;
  statusCode: number | null;
  error: string | null;
  /** When the HTTPS answer's certificate expires, if one was seen. */
  certificateExpiresAt?: Date | null;
}

export function failed(error: string, durationMs: number | null = null, statusCode: number | null = null): CheckOutcome {
  return { ok: false, degraded: false, durationMs, statusCode, error };
}

export function passed(durationMs: number, degradedAboveMs: number | null | undefined, statusCode: number | null = null): CheckOutcome {
  return { ok: true, degraded: degradedAboveMs != null && durationMs > degradedAboveMs, durationMs, statusCode, error: null };
}

// The reasons Node gives for a failed connection, in words a status page can show.
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name could not be resolved",
  EPIPE: "connection closed",
};

/** One line for a failed connection: a refused address, a TLS problem with its reason, or a network error. */
export function describeConnectionError(error: NodeJS.ErrnoException): string {
  if (error.code === "EWEBHOOKREFUSED") return error.message;
  const code = error.code ?? "";
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO|ERR_TLS|HOSTNAME/.test(code) || /certificate|ssl|tls/i.test(error.message)) {
    // Node appends advice for its own operator ("try running Node.js with …"): not the reader's.
    const reason = error.message.split(";")[0]!.replace(/\s+/g, " ").slice(0, 200);
    return `TLS error: ${reason}${code ? ` (${code})` : ""}`;
  }
  return NETWORK_REASONS[code] ? `${NETWORK_REASONS[code]} (${code})` : `connection failed (${code || error.message.slice(0, 100)})`;
}
