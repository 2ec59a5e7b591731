import { ImportSourceError } from "./source-error";

// Requests to a source's API (Canny, Statuspage): a rate limit (429, with Retry-After) or a dropped
// connection or a 5xx is retried with backoff, a few times, before the import gives up for now
// (the job is retried later and resumes); a refusal (a wrong key, a page that does not exist) is
// final and named by its request.

export const RETRY_POLICY = { attempts: 6, baseDelayMs: 500, maxDelayMs: 60_000, timeoutMs: 30_000 };

export interface SourceRequest {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  /** JSON body, for a POST. */
  body?: unknown;
  /** What the error names besides the method and URL ("page 3"). */
  label?: string;
}

/** A failure worth trying again later (the run is retried and resumes). */
export class SourceUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SourceUnavailableError";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** Where a request is named in errors: the method and URL without its query's secrets. */
export function describeRequest(request: SourceRequest): string {
  const url = new URL(request.url);
  return `${request.method} ${url.origin}${url.pathname}${request.label ? ` (${request.label})` : ""}`;
}

function refusal(status: number, body: string): string {
  let detail = "";
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    detail = String(parsed.error ?? parsed.message ?? "");
  } catch {
    detail = body.slice(0, 200);
  }
  const meaning = status === 401 || status === 403 ? "the API key was refused" : status === 404 ? "not found (check the page or board id)" : "refused";
  return `${status}, ${meaning}${detail ? `: ${detail}` : ""}.`;
}

export async function sourceJson<T>(request: SourceRequest): Promise<T> {
  const where = describeRequest(request);
  let lastProblem = "";
  for (let attempt = 0; attempt < RETRY_POLICY.attempts; attempt += 1) {
    let wait = Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.baseDelayMs * 2 ** attempt);
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: { accept: "application/json", ...(request.body !== undefined ? { "content-type": "application/json" } : {}), ...request.headers },
        body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(RETRY_POLICY.timeoutMs),
        redirect: "error",
      });
      const text = await response.text();
      if (response.ok) {
        try {
          return JSON.parse(text) as T;
        } catch {
          throw new ImportSourceError(where, "the answer is not JSON.");
        }
      }
      if (response.status === 429 || response.status === 420 || response.status >= 500) {
        lastProblem = `${response.status}`;
        wait = Math.min(RETRY_POLICY.maxDelayMs, retryAfterMs(response.headers.get("retry-after")) ?? wait);
      } else {
        throw new ImportSourceError(where, refusal(response.status, text));
      }
    } catch (error) {
      if (error instanceof ImportSourceError) throw error;
      lastProblem = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    if (attempt < RETRY_POLICY.attempts - 1) await sleep(wait);
  }
  throw new SourceUnavailableError(`${where}: still failing after ${RETRY_POLICY.attempts} attempts (${lastProblem}); the import will try again.`);
}
