import { ApiError } from "./error-codes";

// Every JSON answer of the API is built here, so the envelope and X-Request-Id never vary.
export function newRequestId(): string {
  return `req_${crypto.randomUUID().replaceAll("-", "")}`;
}

export function errorResponse(error: ApiError, requestId: string = newRequestId(), extraHeaders?: HeadersInit): Response {
  const body: Record<string, unknown> = { success: false, error: error.message, code: error.code };
  if (error.details) body.details = error.details;
  body.requestId = requestId;
  const headers = new Headers(extraHeaders);
  for (const [name, value] of Object.entries(error.headers ?? {})) headers.set(name, value);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("x-request-id", requestId);
  headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

export function jsonResponse(body: unknown, init: { status?: number; requestId?: string; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("x-request-id", init.requestId ?? newRequestId());
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}
