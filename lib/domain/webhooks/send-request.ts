import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import { allowedAddresses, bareHostname, systemResolver, TargetRefused, webhookAddressRule, webhookUrlProblem, type AddressRule, type Resolver } from "./address-policy";
import { processSingleton } from "@/lib/platform/core/process-singleton";

// One POST to an endpoint, bounded every way a receiver could hold on to it: a deadline for the
// whole exchange, an answer read only up to a cap (the first 4 KiB kept for the delivery log),
// no redirects followed (a 3xx could point anywhere, a private address included), and the
// connection made to the address the policy checked at that moment.

export const ATTEMPT_TIMEOUT_MS = 15_000;
export const EXCERPT_BYTES = 4_096;
/** Past this much answer the connection is dropped; nothing more is read. */
export const MAX_ANSWER_BYTES = 64 * 1_024;

export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

export interface SendOptions {
  timeoutMs?: number;
  resolve?: Resolver;
}

/** A DNS lookup for sockets that connects only to addresses `rule` allows, judged at that moment. */
export function checkedLookup(resolve: Resolver, rule: AddressRule = webhookAddressRule()): LookupFunction {
  return (hostname, options, callback) => {
    allowedAddresses(hostname, resolve, rule).then(
      (addresses) => {
        const wanted = options.family ? addresses.filter((entry) => entry.family === options.family) : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`no address of family ${options.family} for ${hostname}`), { code: "ENOTFOUND" }), "", 4);
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, wanted);
        } else {
          callback(null, wanted[0]!.address, wanted[0]!.family);
        }
      },
      (error: Error) => callback(Object.assign(error, { code: "EWEBHOOKREFUSED" }), "", 4),
    );
  };
}

// Connections are kept open between deliveries to the same origin (one agent per origin), so a
// busy endpoint costs a request, not a TCP and TLS handshake, per delivery. The address check
// still runs for every new connection (the agent connects through the checked lookup), and a
// kept connection only ever leads to an address that passed it. An origin's agent opens at most
// MAX_SOCKETS_PER_ORIGIN connections: a receiver that hangs holds those, no other origin's.
const MAX_SOCKETS_PER_ORIGIN = 32;
const AGENT_IDLE_MS = 30_000;
const agents = processSingleton("webhookAgents", () => new Map<string, http.Agent>());

function agentFor(url: URL, resolve: Resolver): http.Agent {
  // A custom resolver (tests) gets a one-request agent of its own: a kept connection must not
  // carry one test's address decision into another's.
  const key = resolve === systemResolver ? url.origin : "";
  const existing = key ? agents.get(key) : undefined;
  if (existing) return existing;
  const options = { keepAlive: Boolean(key), maxSockets: MAX_SOCKETS_PER_ORIGIN, maxFreeSockets: MAX_SOCKETS_PER_ORIGIN, timeout: AGENT_IDLE_MS, lookup: checkedLookup(resolve) };
  const agent = url.protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
  if (key) agents.set(key, agent);
  return agent;
}

export async function sendWebhookRequest(target: string, body: string, headers: Record<string, string>, options: SendOptions = {}): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = webhookUrlProblem(target);
  if (problem) return { ok: false, statusCode: null, durationMs: 0, excerpt: null, error: problem };
  const url = new URL(target);
  const resolve = options.resolve ?? systemResolver;
  // An IP literal never reaches the lookup hook, so it is checked here. A host name is checked by
  // that hook as each connection is made, and a kept connection leads only to an address that
  // passed: looking the name up here as well would cost every delivery a DNS query, and fail one
  // whose kept connection is fine whenever the resolver stumbles.
  const hostname = bareHostname(url);
  if (net.isIP(hostname)) {
    try {
      await allowedAddresses(hostname, resolve);
    } catch (error) {
      if (error instanceof TargetRefused) return { ok: false, statusCode: null, durationMs: elapsed(), excerpt: null, error: error.message };
      throw error;
    }
  }
  const timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const client = url.protocol === "https:" ? https : http;

  return new Promise<SendOutcome>((settle) => {
    let done = false;
    let request: http.ClientRequest;
    // `keep`: the answer was read to its end, so the connection can serve the next delivery; any
    // other ending (a timeout, an answer past the cap, an error) drops it.
    const finish = (outcome: Omit<SendOutcome, "durationMs">, keep = false) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (!keep) request.destroy();
      settle({ ...outcome, durationMs: elapsed() });
    };
    const timer = setTimeout(
      () => finish({ ok: false, statusCode: null, excerpt: null, error: `No answer within ${Math.round(timeoutMs / 1000)} s.` }),
      timeoutMs,
    );
    const send = (firstTry: boolean) => {
      request = client.request(url, {
        method: "POST",
        agent: agentFor(url, resolve),
        lookup: checkedLookup(resolve),
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "Workspace-Webhooks/1" },
      });
      const sent = request;
      sent.on("response", (response) => {
        const statusCode = response.statusCode ?? 0;
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let readBytes = 0;
        const conclude = (keep: boolean) => {
          const excerpt = Buffer.concat(kept).toString("utf8").replace(/\uFFFD+$/, "");
          const redirect = statusCode >= 300 && statusCode < 400;
          const ok = statusCode >= 200 && statusCode < 300;
          finish({
            ok,
            statusCode,
            excerpt,
            error: ok ? null : redirect ? `Answered ${statusCode}: redirects are not followed.` : `Answered ${statusCode}.`,
          }, keep);
        };
        response.on("data", (chunk: Buffer) => {
          readBytes += chunk.length;
          if (keptBytes < EXCERPT_BYTES) {
            const part = chunk.subarray(0, EXCERPT_BYTES - keptBytes);
            kept.push(part);
            keptBytes += part.length;
          }
          if (readBytes >= MAX_ANSWER_BYTES) conclude(false);
        });
        response.on("end", () => conclude(true));
        response.on("error", () => conclude(false));
      });
      sent.on("error", (error: NodeJS.ErrnoException) => {
        // A kept connection the receiver closed while idle (its keep-alive ran out just as this
        // request went out) is no answer from it: the request goes once more, on a new connection.
        if (firstTry && !done && sent.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
          send(false);
          return;
        }
        const message = error.code === "EWEBHOOKREFUSED" ? error.message : `Could not deliver: ${error.code ?? error.message}.`;
        finish({ ok: false, statusCode: null, excerpt: null, error: message });
      });
      sent.end(body);
    };
    send(true);
  });
}
