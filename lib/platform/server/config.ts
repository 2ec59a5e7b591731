// The production server's limits (server.ts), from the environment. Each falls back to its
// default when unset or not a positive whole number.
export interface ServerLimits {
  /** The whole request, headers and body, must arrive within this (REQUEST_TIMEOUT_SECONDS, 30). */
  requestTimeoutMs: number;
  /** The headers alone (HEADERS_TIMEOUT_SECONDS, 15; never more than the whole request's). */
  headersTimeoutMs: number;
  /** Request bodies being received at once from one client address (MAX_UPLOADS_PER_CLIENT, 8). */
  uploadsPerClient: number;
  /** Request bodies being received at once overall (MAX_UPLOADS, 128). */
  uploadsOverall: number;
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function serverLimits(env: Record<string, string | undefined> = process.env): ServerLimits {
  const requestTimeoutMs = positive(env.REQUEST_TIMEOUT_SECONDS, 30) * 1000;
  return {
    requestTimeoutMs,
    headersTimeoutMs: Math.min(requestTimeoutMs, positive(env.HEADERS_TIMEOUT_SECONDS, 15) * 1000),
    uploadsPerClient: Math.floor(positive(env.MAX_UPLOADS_PER_CLIENT, 8)),
    uploadsOverall: Math.floor(positive(env.MAX_UPLOADS, 128)),
  };
}

/** Server actions' body limit: Next's own default (serverActions.bodySizeLimit), 1 MB. */
export const ACTION_BODY_MAX_BYTES = 1024 * 1024;

/**
 * How much of a refused body is still read (and dropped) before the 413 is sent. Closing a
 * connection with unread bytes in flight makes the kernel reset it, and a client still sending
 * then never reads the answer; past this the connection is closed at once all the same.
 */
export const REFUSED_BODY_DRAIN_BYTES = 8 * 1024 * 1024;
/**
 * How deeply an action's body may nest brackets. Decoding a reply recurses once per level, and some
 * tens of thousands of levels overflow the stack (a 500); no form this app sends nests more than a
 * handful.
 */
export const ACTION_BODY_MAX_DEPTH = 1000;
