import { ApiError } from "./error-codes";

// Every JSON answer of the API is built here, so the envelope and X-Request-Id never vary.
// Headers are gathered in a plain record and handed to Response once: the Response copies them
// into its own Headers anyway, so building Headers objects first only validated them twice more.
export type HeaderRecord = Record<string, string>;

function asRecord(headers: HeaderRecord | Headers | undefined): HeaderRecord | undefined {
  return headers instanceof Headers ? Object.fromEntries(headers) : headers;
}

export function newRequestId(): string {
  return `req_${crypto.randomUUID().replaceAll("-", "")}`;
}

export function errorResponse(error: ApiError, requestId: string = newRequestId(), extraHeaders?: HeaderRecord | Headers): Response {
  const body: Record<string, unknown> = { success: false, error: error.message, code: error.code };
  if (error.details) body.details = error.details;
  body.requestId = requestId;
  const headers: HeaderRecord = {
    ...asRecord(extraHeaders),
    ...error.headers,
    "content-type": "application/json; charset=utf-8",
    "x-request-id": requestId,
    "cache-control": "no-store",
  };
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

export function jsonResponse(body: unknown, init: { status?: number; requestId?: string; headers?: HeaderRecord | Headers } = {}): Response {
  const headers: HeaderRecord = {
    "cache-control": "no-store",
    ...asRecord(init.headers),
    "content-type": "application/json; charset=utf-8",
    "x-request-id": init.requestId ?? newRequestId(),
  };
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}
