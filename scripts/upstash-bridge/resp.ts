/**
 * Minimal RESP2 client for the Upstash bridge: one pipelined TCP connection,
 * replies matched to requests by order (FIFO), lazily re-created after any failure.
 *
 * A single pipelined connection is enough for a dev/test bridge and gives us one
 * property for free: a batch written in one go (MULTI … EXEC) cannot be interleaved
 * with commands from other HTTP requests.
 */
import net from "node:net";

/** A `-ERR …` reply. It is a value, not a thrown error: pipelines report it per command. */
export class RedisReplyError {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

/**
 * Simple strings (`+OK`) are JS strings and bulk strings are Buffers. The bridge must
 * tell them apart: Upstash leaves a status "OK" unencoded in base64 mode, and bulk
 * strings may hold arbitrary bytes.
 */
export type RespReply = string | Buffer | number | null | RedisReplyError | RespReply[];

export type RespArg = string | Buffer;

/** The connection broke, timed out or was closed; the command may or may not have run. */
export class RespTransportError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "RespTransportError";
  }
}

export interface RespClientOptions {
  /** redis://[user:password@]host[:port][/db] */
  url?: string;
  /** Per batch. A timed-out connection is torn down because its reply order is lost. */
  commandTimeoutMs?: number;
}

interface Endpoint {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db?: number;
}

export function parseRedisUrl(url: string): Endpoint {
  const parsed = new URL(url);
  if (parsed.protocol !== "redis:") {
    throw new Error(`Unsupported Redis URL protocol "${parsed.protocol}" (only redis:// is supported)`);
  }
  const db = parsed.pathname.replace(/^\//, "");
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1",
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: db ? Number(db) : undefined,
  };
}

// ---------------------------------------------------------------------------
// Encoding

export function encodeCommand(args: readonly RespArg[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = typeof arg === "string" ? Buffer.from(arg, "utf8") : arg;
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, Buffer.from("\r\n"));
  }
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------------------
// Decoding

/** Returned when the buffer does not yet hold a whole reply; `need` is a lower bound on its size. */
interface Incomplete {
  need: number;
}
interface Parsed {
  value: RespReply;
  next: number;
}

function isIncomplete(result: Parsed | Incomplete): result is Incomplete {
  return "need" in result;
}

function parseReply(buf: Buffer, offset: number): Parsed | Incomplete {
  const lineEnd = buf.indexOf("\r\n", offset);
  if (lineEnd === -1) return { need: buf.length + 1 };
  const line = buf.toString("utf8", offset + 1, lineEnd);
  const next = lineEnd + 2;
  switch (buf[offset]) {
    case 0x2b: // +
      return { value: line, next };
    case 0x2d: // -
      return { value: new RedisReplyError(line), next };
    case 0x3a: // :
      return { value: Number(line), next };
    case 0x24: // $
      return parseBulk(buf, next, Number(line));
    case 0x2a: // *
      return parseArray(buf, next, Number(line));
    default:
      throw new RespTransportError(`Redis protocol error: unexpected reply type byte ${buf[offset]}`);
  }
}

function parseBulk(buf: Buffer, start: number, length: number): Parsed | Incomplete {
  if (length < 0) return { value: null, next: start };
  const end = start + length;
  if (buf.length < end + 2) return { need: end + 2 };
  // Copy so the reply does not pin the (possibly large) receive buffer in memory.
  return { value: Buffer.from(buf.subarray(start, end)), next: end + 2 };
}

function parseArray(buf: Buffer, start: number, count: number): Parsed | Incomplete {
  if (count < 0) return { value: null, next: start };
  const items: RespReply[] = [];
  let cursor = start;
  for (let i = 0; i < count; i++) {
    const item = parseReply(buf, cursor);
    if (isIncomplete(item)) return item;
    items.push(item.value);
    cursor = item.next;
  }
  return { value: items, next: cursor };
}

/** Incremental parser. Chunks are only joined once enough bytes arrived, so big values stay linear. */
export class RespParser {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private need = 1;

  push(chunk: Buffer): RespReply[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.buffered < this.need) return [];

    const buf = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const replies: RespReply[] = [];
    let offset = 0;
    for (;;) {
      if (offset >= buf.length) {
        this.need = offset + 1;
        break;
      }
      const result = parseReply(buf, offset);
      if (isIncomplete(result)) {
        this.need = result.need;
        break;
      }
      replies.push(result.value);
      offset = result.next;
    }
    const rest = buf.subarray(offset);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    this.need -= offset;
    return replies;
  }
}

// ---------------------------------------------------------------------------
// Connection

interface PendingBatch {
  remaining: number;
  replies: RespReply[];
  resolve(replies: RespReply[]): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

class RespConnection {
  private readonly socket: net.Socket;
  private readonly parser = new RespParser();
  private readonly pending: PendingBatch[] = [];
  private readonly timeoutMs: number;
  private failure: Error | undefined;

  constructor(endpoint: Endpoint, timeoutMs: number) {
    this.timeoutMs = timeoutMs;
    this.socket = net.createConnection({ host: endpoint.host, port: endpoint.port });
    this.socket.setNoDelay(true);
    this.socket.setKeepAlive(true);
    this.socket.on("data", (chunk) => this.onData(chunk));
    this.socket.on("error", (error) => this.fail(new RespTransportError(`Redis connection error: ${error.message}`, { cause: error })));
    this.socket.on("close", () => this.fail(new RespTransportError("Redis connection closed")));
    this.handshake(endpoint);
  }

  get broken(): boolean {
    return this.failure !== undefined;
  }

  /** Writes all commands back to back and resolves with their replies in order. */
  send(commands: readonly (readonly RespArg[])[]): Promise<RespReply[]> {
    if (this.failure) return Promise.reject(this.failure);
    if (commands.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      const batch: PendingBatch = { remaining: commands.length, replies: [], resolve, reject };
      batch.timer = setTimeout(() => {
        this.fail(new RespTransportError(`Redis command timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.push(batch);
      this.socket.write(Buffer.concat(commands.map(encodeCommand)));
    });
  }

  destroy(reason: Error): void {
    this.fail(reason);
  }

  // AUTH/SELECT are queued ahead of any user command; their failure poisons the connection.
  private handshake(endpoint: Endpoint): void {
    const commands: string[][] = [];
    if (endpoint.password !== undefined) {
      commands.push(endpoint.username ? ["AUTH", endpoint.username, endpoint.password] : ["AUTH", endpoint.password]);
    }
    if (endpoint.db !== undefined && endpoint.db !== 0) commands.push(["SELECT", String(endpoint.db)]);
    if (commands.length === 0) return;
    this.send(commands).then(
      (replies) => {
        const error = replies.find((reply) => reply instanceof RedisReplyError);
        if (error) this.fail(new RespTransportError(`Redis handshake failed: ${error.message}`));
      },
      () => {
        // Already reported to every pending batch by fail().
      },
    );
  }

  private onData(chunk: Buffer): void {
    let replies: RespReply[];
    try {
      replies = this.parser.push(chunk);
    } catch (error) {
      this.fail(error instanceof Error ? error : new RespTransportError(String(error)));
      return;
    }
    for (const reply of replies) this.deliver(reply);
  }

  private deliver(reply: RespReply): void {
    const batch = this.pending[0];
    if (!batch) {
      this.fail(new RespTransportError("Redis sent a reply nobody asked for"));
      return;
    }
    batch.replies.push(reply);
    batch.remaining -= 1;
    if (batch.remaining > 0) return;
    this.pending.shift();
    clearTimeout(batch.timer);
    batch.resolve(batch.replies);
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.socket.destroy();
    for (const batch of this.pending.splice(0)) {
      clearTimeout(batch.timer);
      batch.reject(error);
    }
  }
}

// ---------------------------------------------------------------------------
// Client

export class RespClient {
  private readonly endpoint: Endpoint;
  private readonly timeoutMs: number;
  private connection: RespConnection | undefined;
  private closed = false;

  constructor(options: RespClientOptions = {}) {
    this.endpoint = parseRedisUrl(options.url ?? "redis://127.0.0.1:6379");
    this.timeoutMs = options.commandTimeoutMs ?? 5_000;
  }

  /** Runs commands contiguously on one connection; rejects only on transport failure. */
  send(commands: readonly (readonly RespArg[])[]): Promise<RespReply[]> {
    if (this.closed) return Promise.reject(new RespTransportError("Redis client is closed"));
    return this.activeConnection().send(commands);
  }

  async command(...args: RespArg[]): Promise<RespReply> {
    const [reply] = await this.send([args]);
    return reply ?? null;
  }

  close(): void {
    this.closed = true;
    this.connection?.destroy(new RespTransportError("Redis client is closed"));
    this.connection = undefined;
  }

  // Reconnect lazily: in-flight commands on a broken connection fail (they may have run,
  // so retrying could apply them twice), later ones get a fresh connection.
  private activeConnection(): RespConnection {
    if (!this.connection || this.connection.broken) {
      this.connection = new RespConnection(this.endpoint, this.timeoutMs);
    }
    return this.connection;
  }
}
