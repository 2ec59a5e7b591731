import { IncomingMessage } from "node:http";
import { ACTION_BODY_MAX_BYTES, ACTION_BODY_MAX_DEPTH, REFUSED_BODY_DRAIN_BYTES } from "./config";

// A server action's body, read by the server before Next decodes it: over 1 MB, or nesting
// brackets deeper than ACTION_BODY_MAX_DEPTH, it is refused with 413 (Next answered both with a 500).
// A body within both limits is handed to Next as a request of its own carrying the same bytes.

export function isServerAction(request: IncomingMessage): boolean {
  return request.method === "POST" && request.headers["next-action"] !== undefined;
}

/** The deepest run of unclosed brackets. Counted over the raw bytes, strings included: an over-estimate only. */
export function bracketDepth(body: Buffer): number {
  let depth = 0;
  let deepest = 0;
  for (const byte of body) {
    if (byte === 0x5b || byte === 0x7b) deepest = Math.max(deepest, ++depth);
    else if ((byte === 0x5d || byte === 0x7d) && depth > 0) depth--;
  }
  return deepest;
}

export type ActionBody = { ok: true; body: Buffer } | { ok: false; reason: string; gone?: boolean };

const tooLarge = { ok: false, reason: `the action's body is over ${ACTION_BODY_MAX_BYTES} bytes` } as const;

/**
 * Reads the body up to the limit. Over it, the rest is read and dropped up to
 * REFUSED_BODY_DRAIN_BYTES, so the client is done sending when the 413 comes; a body announced or
 * grown past that is left unread.
 */
export function readActionBody(request: IncomingMessage): Promise<ActionBody> {
  const announced = Number(request.headers["content-length"] ?? 0);
  if (announced > REFUSED_BODY_DRAIN_BYTES) return Promise.resolve(tooLarge);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: ActionBody) => {
      request.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onGone);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= ACTION_BODY_MAX_BYTES) return void chunks.push(chunk);
      chunks.length = 0;
      if (size <= REFUSED_BODY_DRAIN_BYTES) return;
      request.pause();
      finish(tooLarge);
    };
    const onEnd = () => {
      if (size > ACTION_BODY_MAX_BYTES) return finish(tooLarge);
      const body = Buffer.concat(chunks);
      if (bracketDepth(body) > ACTION_BODY_MAX_DEPTH) finish({ ok: false, reason: `the action's body nests deeper than ${ACTION_BODY_MAX_DEPTH} levels` });
      else finish({ ok: true, body });
    };
    const onGone = () => finish({ ok: false, reason: "the client went away", gone: true });
    request.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onGone);
  });
}

/** The same request again, its body the bytes already read, for Next to read as if from the socket. */
export function replayWithBody(request: IncomingMessage, body: Buffer): IncomingMessage {
  const replay = new IncomingMessage(request.socket);
  replay.method = request.method;
  replay.url = request.url;
  replay.headers = request.headers;
  replay.rawHeaders = request.rawHeaders;
  replay.httpVersion = request.httpVersion;
  replay.httpVersionMajor = request.httpVersionMajor;
  replay.httpVersionMinor = request.httpVersionMinor;
  replay.complete = true;
  replay.push(body);
  replay.push(null);
  return replay;
}
