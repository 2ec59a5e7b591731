import http from "node:http";
import https from "node:https";
import { rootCertificates, type TLSSocket } from "node:tls";
import { bareHostname, systemResolver, type AddressRule, type Resolver } from "@/lib/domain/webhooks/address-policy";
import { checkedLookup } from "@/lib/domain/webhooks/send-request";
import { monitorAddressRule, monitorUrlProblem, refusedLiteral } from "./address-rule";
import { describeConnectionError, failed, passed, type CheckOutcome } from "./check-outcome";
import { keywordProblem } from "./keyword";

// One HTTP(S) check, bounded every way a target could hold on to it: one deadline for the whole
// exchange (redirects included), an answer read only up to MAX_BODY_BYTES (enough for a keyword
// or a JSON value; past it the connection is dropped), at most MAX_REDIRECTS redirects each
// judged by the address rule again, and every connection made to an address the rule passed at
// that moment (a name that resolves elsewhere the second time cannot slip through).

export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_REDIRECTS = 5;

export interface HttpCheckSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  expectedStatus: number[];
  keyword: string | null;
  timeoutMs: number;
  degradedAboveMs: number | null;
}

export interface HttpCheckOptions {
  resolve?: Resolver;
  /** Extra trusted certificates (a test's own authority). */
  ca?: string | Buffer;
  /** The address rule; the monitors' own (MONITOR_ALLOW_PRIVATE_NETWORKS) unless a test gives one. */
  rule?: AddressRule;
}

interface Answer {
  statusCode: number;
  location: string | null;
  body: Buffer;
  certificateExpiresAt: Date | null;
}

function statusAccepted(status: number, expected: number[]): boolean {
  return expected.length > 0 ? expected.includes(status) : status >= 200 && status < 300;
}

/** One request, no redirect followed; rejects with a reader's sentence. */
function request(url: URL, spec: HttpCheckSpec, options: HttpCheckOptions, signal: AbortSignal): Promise<Answer> {
  const resolve = options.resolve ?? systemResolver;
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Answer>((settle, reject) => {
    let certificateExpiresAt: Date | null = null;
    const sent = client.request(url, {
      method: spec.method,
      headers: { "user-agent": "Workspace-Monitor/1", ...spec.headers },
      lookup: checkedLookup(resolve, options.rule ?? monitorAddressRule()),
      agent: false,
      signal,
      ...(url.protocol === "https:" && options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
    });
    sent.on("socket", (socket) => {
      socket.on("secureConnect", () => {
        const validTo = (socket as TLSSocket).getPeerCertificate?.()?.valid_to;
        if (validTo) certificateExpiresAt = new Date(validTo);
      });
    });
    sent.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        const location = response.headers.location ?? null;
        settle({ statusCode: response.statusCode ?? 0, location, body: Buffer.concat(chunks), certificateExpiresAt });
      };
      response.on("data", (chunk: Buffer) => {
        if (done) return;
        const room = MAX_BODY_BYTES - size;
        chunks.push(chunk.subarray(0, room));
        size += Math.min(chunk.length, room);
        if (size >= MAX_BODY_BYTES) {
          finish();
          sent.destroy();
        }
      });
      response.on("end", finish);
      response.on("error", finish);
    });
    sent.on("error", (error: NodeJS.ErrnoException) => reject(new Error(signal.aborted ? "timeout" : describeConnectionError(error))));
    sent.end();
  });
}

export async function runHttpCheck(spec: HttpCheckSpec, options: HttpCheckOptions = {}): Promise<CheckOutcome> {
  const problem = monitorUrlProblem(spec.url);
  if (problem) return failed(problem);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), spec.timeoutMs);
  try {
    let url = new URL(spec.url);
    for (let hop = 0; ; hop++) {
      const literal = await refusedLiteral(bareHostname(url), options.resolve ?? systemResolver, options.rule);
      if (literal) return failed(hop > 0 ? `Redirected to a refused address: ${literal}` : literal, elapsed());
      const answer = await request(url, spec, options, controller.signal);
      const redirect = answer.statusCode >= 300 && answer.statusCode < 400 && answer.location;
      if (redirect && !statusAccepted(answer.statusCode, spec.expectedStatus)) {
        if (hop >= MAX_REDIRECTS) return failed(`More than ${MAX_REDIRECTS} redirects.`, elapsed(), answer.statusCode);
        const next = new URL(answer.location!, url);
        const nextProblem = monitorUrlProblem(next.toString());
        if (nextProblem) return failed(`Redirected to ${next.protocol}//${next.host}: ${nextProblem}`, elapsed(), answer.statusCode);
        url = next;
        continue;
      }
      const durationMs = elapsed();
      const outcome = statusAccepted(answer.statusCode, spec.expectedStatus)
        ? (() => {
            const missing = spec.keyword ? keywordProblem(answer.body, spec.keyword) : null;
            return missing ? failed(missing, durationMs, answer.statusCode) : passed(durationMs, spec.degradedAboveMs, answer.statusCode);
          })()
        : failed(`Answered ${answer.statusCode}${spec.expectedStatus.length ? ` (expected ${spec.expectedStatus.join(", ")})` : ""}.`, durationMs, answer.statusCode);
      return { ...outcome, certificateExpiresAt: answer.certificateExpiresAt };
    }
  } catch (error) {
    const message = controller.signal.aborted ? `No answer within ${Math.round(spec.timeoutMs / 1000)} s.` : (error as Error).message;
    return failed(message, elapsed());
  } finally {
    clearTimeout(timer);
  }
}
