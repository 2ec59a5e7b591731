import { isAllowedOrigin } from "@/lib/domain/widget/allowed-origins";

// What the widget's frames accept from the page around them and from the sign-in popup. A frame
// is on this product's origin inside a customer's page; any window can post to it, so a message
// counts only when it comes from the exact window expected (the parent, the popup we opened), on
// the exact origin expected, in our envelope. Pure functions, so each rule is tested on its own.
export const WIDGET_NS = "workspace-widget";

export interface HostInit {
  ssoToken?: string;
  metadata: Record<string, unknown>;
}

export interface Credential {
  token: string;
  expiresAt: string;
  name: string | null;
}

/**
 * The origin of the page this frame sits in, if it is one the workspace allows: the browser's own
 * record of it (ancestorOrigins, Chromium and Safari), else the referrer's origin. Null when the
 * frame is not framed, or framed by anyone else.
 */
export function hostOriginOf(
  frame: { isFramed: boolean; ancestorOrigins?: ArrayLike<string> | null; referrer: string },
  allowed: readonly string[],
): string | null {
  if (!frame.isFramed) return null;
  let origin = frame.ancestorOrigins && frame.ancestorOrigins.length > 0 ? frame.ancestorOrigins[0]! : null;
  if (!origin && frame.referrer) {
    try {
      origin = new URL(frame.referrer).origin;
    } catch {
      origin = null;
    }
  }
  return isAllowedOrigin(origin, allowed) ? origin : null;
}

type Incoming = { origin: string; source: unknown; data: unknown };

function envelope(data: unknown): Record<string, unknown> | null {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  return record.ns === WIDGET_NS && typeof record.type === "string" ? record : null;
}

/** The host page's `init`, when the message is the parent's, from the allowed host origin; null otherwise. */
export function acceptHostMessage(event: Incoming, expected: { parent: unknown; hostOrigin: string | null }): HostInit | null {
  if (!expected.hostOrigin || event.source !== expected.parent || event.origin !== expected.hostOrigin) return null;
  const message = envelope(event.data);
  if (!message || message.type !== "init") return null;
  const token = typeof message.ssoToken === "string" && message.ssoToken.length <= 8_000 ? message.ssoToken : undefined;
  const metadata = message.metadata && typeof message.metadata === "object" && !Array.isArray(message.metadata) ? (message.metadata as Record<string, unknown>) : {};
  return { ssoToken: token, metadata };
}

/** The credential handed back by the sign-in popup we opened (same origin as this frame); null otherwise. */
export function acceptPopupMessage(event: Incoming, expected: { popup: unknown; ownOrigin: string }): Credential | null {
  if (!expected.popup || event.source !== expected.popup || event.origin !== expected.ownOrigin) return null;
  const message = envelope(event.data);
  if (!message || message.type !== "credential" || typeof message.token !== "string" || typeof message.expiresAt !== "string") return null;
  return { token: message.token, expiresAt: message.expiresAt, name: typeof message.name === "string" ? message.name : null };
}

const STANDARD_KEYS = ["pageUrl", "appVersion", "plan"] as const;

/**
 * The host's metadata in the shape the server keeps: page URL, app version and plan as given, any
 * other scalar values under `extra`. The server validates and bounds it; this only arranges it.
 */
export function arrangeMetadata(raw: Record<string, unknown>): Record<string, unknown> {
  const arranged: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((STANDARD_KEYS as readonly string[]).includes(key)) {
      if (typeof value === "string" && value !== "") arranged[key] = value;
    } else if (key === "extra" && value && typeof value === "object") {
      Object.assign(extra, value);
    } else if (["string", "number", "boolean"].includes(typeof value)) {
      extra[key] = value;
    }
  }
  if (Object.keys(extra).length) arranged.extra = extra;
  return arranged;
}

/** Posts a message to the host page, only ever to its checked origin (never "*"). */
export function postToHost(parent: { postMessage(message: unknown, targetOrigin: string): void } | null, hostOrigin: string | null, type: string, detail?: Record<string, unknown>) {
  if (!parent || !hostOrigin) return;
  parent.postMessage({ ns: WIDGET_NS, type, ...(detail ? { detail } : {}) }, hostOrigin);
}
