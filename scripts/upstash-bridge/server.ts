/**
 * Dev/test server speaking the Upstash Redis REST protocol in front of a real Redis,
 * so `@upstash/redis` and `@upstash/ratelimit` work without the hosted service.
 *
 *   npx tsx scripts/upstash-bridge/server.ts
 *
 * Env: UPSTASH_BRIDGE_PORT (8079), UPSTASH_BRIDGE_HOST (127.0.0.1),
 *      UPSTASH_BRIDGE_TOKEN (local-dev-token), REDIS_URL (redis://127.0.0.1:6379).
 *
 * Not for production: one shared Redis connection, no TLS, a single token.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { realpathSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";

import { RedisReplyError, RespClient, RespTransportError, type RespArg, type RespReply } from "./resp";

export interface UpstashBridgeOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  token: string;
  redisUrl?: string;
  /** A Redis command (batch) taking longer fails the request instead of hanging it. */
  commandTimeoutMs?: number;
  /** Request bodies above this are refused with 413. */
  maxBodyBytes?: number;
}

export interface UpstashBridge {
  url: string;
  port: number;
  close(): Promise<void>;
}

// The hosted service's wording, so code matching on it behaves the same locally.
const UNAUTHORIZED_MESSAGE =
  "WRONGPASS invalid or missing auth token. See https://docs.upstash.com/redis/troubleshooting/http_unauthorized for details.";

const ALLOWED_METHODS = new Set(["HEAD", "GET", "POST", "PUT"]);

type JsonValue = string | number | null | JsonValue[];
type CommandOutcome = { result: JsonValue } | { error: string };
interface HttpReply {
  status: number;
  body: unknown;
}

/** Rejects the whole HTTP request (as opposed to one command inside a pipeline). */
class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

// ---------------------------------------------------------------------------
// Commands: JSON → Redis arguments

function formatNumber(value: number): string {
  // String(1e21) is "1e+21", which Redis does not accept as an integer.
  return Number.isInteger(value) && Math.abs(value) >= 1e21 ? BigInt(value).toString() : String(value);
}

function toArgument(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return formatNumber(value);
  // The JS client passes booleans through its serializer untouched.
  if (typeof value === "boolean") return String(value);
  throw new HttpError(400, `ERR command arguments must be strings or numbers, got ${JSON.stringify(value)}`);
}

function parseCommand(value: unknown): RespArg[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new HttpError(400, "ERR command must be a non-empty JSON array, e.g. [\"GET\",\"key\"]");
  }
  return value.map(toArgument);
}

function parseCommandList(value: unknown): RespArg[][] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new HttpError(400, "ERR body must be a non-empty JSON array of commands, e.g. [[\"GET\",\"key\"]]");
  }
  return value.map(parseCommand);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw new HttpError(400, "ERR failed to parse request body as JSON");
  }
}

function argText(arg: RespArg | undefined): string {
  if (arg === undefined) return "";
  return typeof arg === "string" ? arg : arg.toString("utf8");
}

// ---------------------------------------------------------------------------
// Command policy: everything shares one pipelined connection, so nothing may change
// that connection's state or park it on a blocking call.

const STATEFUL_COMMANDS = new Set([
  "AUTH", "HELLO", "SELECT", "QUIT", "RESET", "MONITOR", "SYNC", "PSYNC", "REPLCONF",
  "SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE", "UNSUBSCRIBE", "PUNSUBSCRIBE", "SUNSUBSCRIBE",
  "WATCH", "UNWATCH",
]);
const TRANSACTION_COMMANDS = new Set(["MULTI", "EXEC", "DISCARD"]);
const BLOCKING_COMMANDS = new Set([
  "BLPOP", "BRPOP", "BRPOPLPUSH", "BLMOVE", "BLMPOP", "BZPOPMIN", "BZPOPMAX", "BZMPOP", "WAIT", "WAITAOF",
]);

/** Returns why the command cannot go through the bridge, or undefined if it can. */
function refusal(args: readonly RespArg[]): string | undefined {
  const name = argText(args[0]).toUpperCase();
  const sub = argText(args[1]).toUpperCase();
  if (TRANSACTION_COMMANDS.has(name)) return `ERR ${name} is not supported by the Upstash bridge; use the /multi-exec endpoint`;
  if (STATEFUL_COMMANDS.has(name) || (name === "CLIENT" && sub === "REPLY")) {
    return `ERR ${name} is not supported by the Upstash bridge (it would change the shared Redis connection)`;
  }
  const blockingRead = (name === "XREAD" || name === "XREADGROUP") && args.some((a) => argText(a).toUpperCase() === "BLOCK");
  if (BLOCKING_COMMANDS.has(name) || blockingRead) {
    return `ERR ${name} is not supported by the Upstash bridge (blocking commands would stall the shared Redis connection)`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Scripts: @upstash/ratelimit's scripts start with `#!lua flags=allow-key-locking`,
// a flag Redis 7.0 rejects. We strip the shebang and keep a map from the sha1 the
// client computes (over the original text) to the script Redis actually stored.

const SHEBANG = /^#![^\n]*/;

interface StoredScript {
  sha: string;
}

function sha1(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}

class ScriptRegistry {
  private readonly byClientSha = new Map<string, StoredScript>();

  /** Returns the script Redis should see, remembering how to find it by the client's sha. */
  strip(script: string): { script: string; clientSha: string } {
    const clientSha = sha1(script);
    if (!SHEBANG.test(script)) return { script, clientSha };
    // Keep the newline so Lua error line numbers still match the original source.
    const stripped = script.replace(SHEBANG, "");
    this.byClientSha.set(clientSha, { sha: sha1(stripped) });
    return { script: stripped, clientSha };
  }

  /** Unknown shas pass through; Redis answers NOSCRIPT and the client falls back to EVAL. */
  redisSha(clientSha: string): string {
    return this.byClientSha.get(clientSha.toLowerCase())?.sha ?? clientSha;
  }

  clear(): void {
    this.byClientSha.clear();
  }
}

interface PreparedCommand {
  args: RespArg[];
  /** Adjusts Redis' reply before it is encoded (e.g. report the client's sha, not ours). */
  mapReply?: (reply: RespReply) => RespReply;
}

function prepareScriptCommand(args: RespArg[], scripts: ScriptRegistry): PreparedCommand {
  const name = argText(args[0]).toUpperCase();
  const out = [...args];
  if ((name === "EVAL" || name === "EVAL_RO") && args.length > 1) {
    out[1] = scripts.strip(argText(args[1])).script;
  } else if ((name === "EVALSHA" || name === "EVALSHA_RO") && args.length > 1) {
    out[1] = scripts.redisSha(argText(args[1]));
  } else if (name === "SCRIPT") {
    return prepareScriptSubcommand(out, scripts);
  }
  return { args: out };
}

function prepareScriptSubcommand(args: RespArg[], scripts: ScriptRegistry): PreparedCommand {
  const sub = argText(args[1]).toUpperCase();
  if (sub === "LOAD" && args.length === 3) {
    const { script, clientSha } = scripts.strip(argText(args[2]));
    const mapReply = (reply: RespReply) => (reply instanceof RedisReplyError ? reply : Buffer.from(clientSha));
    return { args: [args[0]!, args[1]!, script], mapReply };
  }
  if (sub === "EXISTS") {
    return { args: args.map((arg, i) => (i < 2 ? arg : scripts.redisSha(argText(arg)))) };
  }
  if (sub === "FLUSH") {
    const mapReply = (reply: RespReply) => {
      if (!(reply instanceof RedisReplyError)) scripts.clear();
      return reply;
    };
    return { args, mapReply };
  }
  return { args };
}

function applyReplyMap(prepared: PreparedCommand, reply: RespReply): RespReply {
  return prepared.mapReply ? prepared.mapReply(reply) : reply;
}

// ---------------------------------------------------------------------------
// Replies: RESP → Upstash JSON

function encodeString(text: string | Buffer, base64: boolean): string {
  if (!base64) return typeof text === "string" ? text : text.toString("utf8");
  return (typeof text === "string" ? Buffer.from(text, "utf8") : text).toString("base64");
}

/**
 * With `Upstash-Encoding: base64` every string is base64 except a top-level status "OK"
 * (documented, and special-cased by the JS client's decoder). Nested strings must always
 * be encoded: the client base64-decodes every string inside arrays, "OK" included.
 */
function encodeReply(reply: RespReply, base64: boolean, topLevel = true): JsonValue {
  if (reply === null || typeof reply === "number") return reply;
  if (typeof reply === "string") return topLevel && reply === "OK" ? reply : encodeString(reply, base64);
  if (Buffer.isBuffer(reply)) return encodeString(reply, base64);
  if (reply instanceof RedisReplyError) return encodeString(reply.message, base64);
  return reply.map((item) => encodeReply(item, base64, false));
}

function toOutcome(reply: RespReply, base64: boolean): CommandOutcome {
  if (reply instanceof RedisReplyError) return { error: reply.message };
  return { result: encodeReply(reply, base64) };
}

// ---------------------------------------------------------------------------
// Execution

interface BridgeContext {
  redis: RespClient;
  scripts: ScriptRegistry;
}

function prepare(args: RespArg[], ctx: BridgeContext): PreparedCommand | RedisReplyError {
  const reason = refusal(args);
  return reason ? new RedisReplyError(reason) : prepareScriptCommand(args, ctx.scripts);
}

async function runSingle(args: RespArg[], ctx: BridgeContext, base64: boolean): Promise<HttpReply> {
  const prepared = prepare(args, ctx);
  if (prepared instanceof RedisReplyError) return { status: 400, body: { error: prepared.message } };
  const [reply = null] = await ctx.redis.send([prepared.args]);
  const outcome = toOutcome(applyReplyMap(prepared, reply), base64);
  return { status: "error" in outcome ? 400 : 200, body: outcome };
}

/** Not atomic, like Upstash: refused commands fail alone, the rest still run. */
async function runPipeline(commands: RespArg[][], ctx: BridgeContext, base64: boolean): Promise<HttpReply> {
  const prepared = commands.map((args) => prepare(args, ctx));
  const runnable = prepared.filter((p): p is PreparedCommand => !(p instanceof RedisReplyError));
  const replies = await ctx.redis.send(runnable.map((p) => p.args));
  let next = 0;
  const outcomes = prepared.map((p) => {
    if (p instanceof RedisReplyError) return { error: p.message };
    return toOutcome(applyReplyMap(p, replies[next++] ?? null), base64);
  });
  return { status: 200, body: outcomes };
}

/**
 * MULTI … EXEC written in one batch on the shared connection, so nothing interleaves.
 * As on Upstash: a command refused at queue time discards the whole transaction (400),
 * while runtime errors (WRONGTYPE, …) are reported per command.
 */
async function runTransaction(commands: RespArg[][], ctx: BridgeContext, base64: boolean): Promise<HttpReply> {
  const prepared = commands.map((args) => prepare(args, ctx));
  const refused = prepared.find((p): p is RedisReplyError => p instanceof RedisReplyError);
  if (refused) return { status: 400, body: { error: refused.message } };
  const runnable = prepared as PreparedCommand[];

  const replies = await ctx.redis.send([["MULTI"], ...runnable.map((p) => p.args), ["EXEC"]]);
  const queueError = replies.slice(0, -1).find((r): r is RedisReplyError => r instanceof RedisReplyError);
  if (queueError) return { status: 400, body: { error: queueError.message } };
  const exec = replies[replies.length - 1] ?? null;
  if (exec instanceof RedisReplyError) return { status: 400, body: { error: exec.message } };
  if (!Array.isArray(exec)) return { status: 400, body: { error: "EXECABORT Transaction discarded" } };

  const outcomes = runnable.map((p, i) => toOutcome(applyReplyMap(p, exec[i] ?? null), base64));
  return { status: 200, body: outcomes };
}

// ---------------------------------------------------------------------------
// HTTP

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function isAuthorized(req: http.IncomingMessage, url: URL, token: string): boolean {
  const header = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "");
  const presented = header?.[1] ?? url.searchParams.get("_token");
  return presented !== null && presented !== undefined && safeEqual(presented, token);
}

function readBody(req: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      // Keep draining past the limit so the 413 still reaches the client.
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > maxBytes) reject(new HttpError(413, `ERR request body exceeds ${maxBytes} bytes`));
      else resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, `ERR malformed URL path segment "${segment}"`);
  }
}

/** `/set/key?EX=100` with body `value` → SET key value EX 100 (Upstash's documented form). */
function pathCommand(url: URL, body: Buffer): RespArg[] {
  const args: RespArg[] = url.pathname
    .split("/")
    .filter((segment) => segment !== "")
    .map(decodeSegment);
  if (body.length > 0) args.push(body);
  for (const [key, value] of url.searchParams) {
    if (key === "_token") continue;
    args.push(key);
    if (value !== "") args.push(value);
  }
  return args;
}

async function route(req: http.IncomingMessage, url: URL, ctx: BridgeContext, maxBodyBytes: number): Promise<HttpReply> {
  const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
  const body = await readBody(req, maxBodyBytes);
  switch (url.pathname) {
    case "/":
      if (body.length === 0) throw new HttpError(400, "ERR empty command");
      return runSingle(parseCommand(parseJson(body)), ctx, base64);
    case "/pipeline":
      return runPipeline(parseCommandList(parseJson(body)), ctx, base64);
    case "/multi-exec":
      return runTransaction(parseCommandList(parseJson(body)), ctx, base64);
    default:
      return runSingle(pathCommand(url, body), ctx, base64);
  }
}

function send(res: http.ServerResponse, reply: HttpReply): void {
  const payload = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(payload),
  });
  res.end(payload);
}

function errorReply(error: unknown): HttpReply {
  if (error instanceof HttpError) return { status: error.status, body: { error: error.message } };
  const message = error instanceof Error ? error.message : String(error);
  const what = error instanceof RespTransportError ? "could not reach Redis" : "internal error";
  return { status: 500, body: { error: `ERR Upstash bridge ${what}: ${message}` } };
}

function createHandler(ctx: BridgeContext, token: string, maxBodyBytes: number): http.RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://bridge.invalid");
    if (!ALLOWED_METHODS.has(req.method ?? "")) {
      send(res, { status: 405, body: { error: "Method not allowed; use HEAD, GET, POST or PUT" } });
      req.resume();
      return;
    }
    if (!isAuthorized(req, url, token)) {
      send(res, { status: 401, body: { error: UNAUTHORIZED_MESSAGE } });
      req.resume();
      return;
    }
    route(req, url, ctx, maxBodyBytes).then(
      (reply) => send(res, reply),
      (error: unknown) => send(res, errorReply(error)),
    );
  };
}

// ---------------------------------------------------------------------------
// Lifecycle

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function publicUrl(host: string, port: number): string {
  // A wildcard bind address is not something a client can connect to.
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

/** host:port only, so a password in REDIS_URL never ends up in logs. */
function redisLocation(redisUrl: string): string {
  const parsed = new URL(redisUrl);
  const db = parsed.pathname.length > 1 ? parsed.pathname : "";
  return `${parsed.hostname}:${parsed.port || 6379}${db}`;
}

async function assertRedisReachable(redis: RespClient, redisUrl: string): Promise<void> {
  const where = redisLocation(redisUrl);
  try {
    const reply = await redis.command("PING");
    if (reply instanceof RedisReplyError) throw new Error(reply.message);
  } catch (error) {
    throw new Error(`Upstash bridge cannot reach Redis at ${where}: ${(error as Error).message}`, { cause: error });
  }
}

export async function startUpstashBridge(opts: UpstashBridgeOptions): Promise<UpstashBridge> {
  if (!opts.token) throw new Error("startUpstashBridge: token must be a non-empty string");
  const host = opts.host ?? "127.0.0.1";
  const redisUrl = opts.redisUrl ?? "redis://127.0.0.1:6379";
  const redis = new RespClient({ url: redisUrl, commandTimeoutMs: opts.commandTimeoutMs ?? 5_000 });
  try {
    await assertRedisReachable(redis, redisUrl);
  } catch (error) {
    redis.close();
    throw error;
  }

  const ctx: BridgeContext = { redis, scripts: new ScriptRegistry() };
  const server = http.createServer(createHandler(ctx, opts.token, opts.maxBodyBytes ?? 10 * 1024 * 1024));
  let port: number;
  try {
    port = await listen(server, opts.port ?? 0, host);
  } catch (error) {
    redis.close();
    throw error;
  }

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Keep-alive sockets would otherwise hold close() open until they idle out.
      server.closeAllConnections();
    }).finally(() => redis.close());
    return closing;
  };
  return { url: publicUrl(host, port), port, close };
}

// ---------------------------------------------------------------------------
// CLI

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(resolvePath(entry)) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const token = process.env.UPSTASH_BRIDGE_TOKEN || "local-dev-token";
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const bridge = await startUpstashBridge({
    port: Number(process.env.UPSTASH_BRIDGE_PORT || 8079),
    host: process.env.UPSTASH_BRIDGE_HOST || "127.0.0.1",
    token,
    redisUrl,
  });
  console.log(`Upstash REST bridge listening on ${bridge.url} (Redis at ${redisLocation(redisUrl)})`);
  console.log("Use these env vars:");
  console.log(`UPSTASH_REDIS_REST_URL=${bridge.url}`);
  console.log(`UPSTASH_REDIS_REST_TOKEN=${token}`);

  const stop = () => {
    bridge.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (isMainModule()) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
