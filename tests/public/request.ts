import { randomBytes } from "node:crypto";
import type { RouteHandler } from "@/lib/surfaces/api/define-route";
import { call, type CallOptions } from "../support/api";
import { assertMatchesDocument } from "../support/openapi-validator";

/** A random client address, so tests never share a per-IP rate-limit bucket. */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

/** GET a public route handler as Next would call it, from its own client address. */
export function get(handler: RouteHandler, path: string, params: Record<string, string>, options: CallOptions = {}) {
  return call(handler, options.rawBody === undefined && options.body === undefined ? "GET" : "POST", path, {
    ...options,
    params,
    headers: { "x-client-ip": randomIp(), ...options.headers },
  });
}

/** For the SVG and Atom answers: status, headers and the raw text. */
export async function getText(handler: RouteHandler, path: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  const url = new URL(`http://localhost${path}`);
  const request = new Request(url, { headers: { "x-client-ip": randomIp(), ...headers } });
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  assertMatchesDocument(handler, { method: request.method, status: response.status, headers: response.headers, text });
  return { status: response.status, headers: response.headers, text };
}
