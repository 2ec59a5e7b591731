import type { z } from "zod";
import { ApiError } from "@/lib/platform/http/error-codes";
import { zodDetails } from "@/lib/platform/core/zod-details";

export const MAX_BODY_BYTES = 64 * 1024;

export interface InputSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
export type ParsedInput<S extends InputSchemas> = { params: Out<S["params"]>; query: Out<S["query"]>; body: Out<S["body"]> };

/** Step 5 (→ 400, 413, 415): params, query and body through their zod schemas. */
export async function parseInput<S extends InputSchemas>(
  request: Request,
  rawParams: Record<string, string | string[]>,
  schemas: S,
): Promise<ParsedInput<S>> {
  const params = schemas.params ? parseParams(schemas.params, rawParams) : undefined;
  const query = schemas.query ? validate(schemas.query, queryObject(new URL(request.url).searchParams), "query") : undefined;
  const body = schemas.body ? validate(schemas.body, await readJsonBody(request), "body") : undefined;
  return { params, query, body } as ParsedInput<S>;
}

// A path id that cannot exist (bad characters, absurd length) is simply not found.
function parseParams(schema: z.ZodType, raw: Record<string, string | string[]>) {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiError("NOT_FOUND", "No such resource.");
  return parsed.data;
}

/** Validates one part of the input; a failure is the 400 whose `details` every surface shares. */
export function validate(schema: z.ZodType, value: unknown, where: "query" | "body") {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError(
      "VALIDATION_ERROR",
      where === "body" ? "The request body is not valid." : "The query string is not valid.",
      zodDetails(parsed.error),
    );
  }
  return parsed.data;
}

function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** The body as JSON: 413 over MAX_BODY_BYTES (read or declared), 415 unless JSON, 400 when empty or not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = request.headers.get("content-length");
  if (declared && Number(declared) > MAX_BODY_BYTES) throw tooLarge();
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type.trim())) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Send a JSON body with `Content-Type: application/json`.");
  }
  const bytes = await readCapped(request);
  if (bytes.length === 0) throw new ApiError("VALIDATION_ERROR", "A JSON request body is required.", [{ path: "", message: "Required.", code: "invalid_type" }]);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError("VALIDATION_ERROR", "The request body is not valid UTF-8.", [{ path: "", message: "Invalid UTF-8.", code: "invalid_format" }]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "unreadable";
    throw new ApiError("VALIDATION_ERROR", "The request body is not valid JSON.", [{ path: "", message: reason, code: "invalid_json" }]);
  }
}

// Reads at most MAX_BODY_BYTES + 1, whatever Content-Length claimed (or when it is absent).
async function readCapped(request: Request): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function tooLarge() {
  return new ApiError("PAYLOAD_TOO_LARGE", `The request body exceeds ${MAX_BODY_BYTES / 1024} KiB.`);
}
