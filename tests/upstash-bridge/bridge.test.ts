/**
 * The bridge must satisfy the real @upstash/redis and @upstash/ratelimit clients, so
 * these tests drive them (not a mock) against the bridge and the local Redis.
 */
import { createHash, randomUUID } from "node:crypto";
import net from "node:net";

import { Ratelimit } from "@upstash/ratelimit";
import { Redis, errors } from "@upstash/redis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { RespClient, RespParser, encodeCommand, type RespReply } from "../../scripts/upstash-bridge/resp";
import { startUpstashBridge, type UpstashBridge } from "../../scripts/upstash-bridge/server";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const TOKEN = "bridge-test-token";
// Every key this file writes lives under one run-specific prefix, cleaned up afterwards.
const RUN = `upstash-bridge-test:${randomUUID()}`;

let bridge: UpstashBridge;
let direct: RespClient;

const key = (name: string) => `${RUN}:${name}:${randomUUID()}`;

function client(options: { token?: string; autoPipelining?: boolean; url?: string } = {}): Redis {
  return new Redis({
    url: options.url ?? bridge.url,
    token: options.token ?? TOKEN,
    retry: { retries: 0 },
    enableAutoPipelining: options.autoPipelining ?? true,
    enableTelemetry: false,
  });
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${bridge.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function deleteRunKeys(): Promise<void> {
  let cursor = "0";
  do {
    const reply = (await direct.command("SCAN", cursor, "MATCH", `${RUN}*`, "COUNT", "1000")) as [Buffer, Buffer[]];
    cursor = reply[0].toString();
    if (reply[1].length > 0) await direct.command("DEL", ...reply[1]);
  } while (cursor !== "0");
}

beforeAll(async () => {
  direct = new RespClient({ url: REDIS_URL });
  bridge = await startUpstashBridge({ port: 0, token: TOKEN, redisUrl: REDIS_URL });
});

afterAll(async () => {
  await bridge?.close();
  if (direct) {
    await deleteRunKeys();
    direct.close();
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

// Auto-pipelining (the client default) routes single calls through /pipeline; without it
// they hit POST /. Both paths must behave the same.
describe.each([
  { mode: "auto-pipelining (POST /pipeline)", autoPipelining: true },
  { mode: "single commands (POST /)", autoPipelining: false },
])("@upstash/redis through the bridge, $mode", ({ autoPipelining }) => {
  it("runs set/get/incr/del/expire", async () => {
    const redis = client({ autoPipelining });
    const k = key("basic");
    expect(await redis.set(k, "v1")).toBe("OK");
    expect(await redis.get(k)).toBe("v1");
    expect(await redis.del(k)).toBe(1);
    expect(await redis.incr(k)).toBe(1);
    expect(await redis.incr(k)).toBe(2);
    expect(await redis.expire(k, 100)).toBe(1);
    const ttl = await redis.ttl(k);
    expect(ttl).toBeGreaterThan(90);
    expect(ttl).toBeLessThanOrEqual(100);
    expect(await redis.type(k)).toBe("string");
    expect(await redis.del(k)).toBe(1);
  });

  it("returns null for a missing key", async () => {
    expect(await client({ autoPipelining }).get(key("missing"))).toBeNull();
  });

  it("round-trips JSON values", async () => {
    const redis = client({ autoPipelining });
    const k = key("json");
    const value = { id: 7, tags: ["a", "b"], nested: { ok: true, none: null }, text: "ünï" };
    await redis.set(k, value);
    expect(await redis.get(k)).toEqual(value);
  });

  it("round-trips unicode and binary-ish strings byte for byte", async () => {
    const redis = client({ autoPipelining });
    const samples = ["héllo wörld", "emoji 😀 and 𝄞", "\u0000\u0001\u0002\u007f\u00ff", "line\r\nbreak\ttab", "T0s=", "OK", " "];
    for (const value of samples) {
      const k = key("bytes");
      await redis.set(k, value);
      expect(await redis.get(k)).toBe(value);
      // What reached Redis must be the UTF-8 bytes, not a base64 or JSON rendering of them.
      const stored = (await direct.command("GET", k)) as Buffer;
      expect(stored.equals(Buffer.from(value, "utf8"))).toBe(true);
    }
  });

  it("keeps strings inside arrays intact, including a value of OK", async () => {
    const redis = client({ autoPipelining });
    const [a, b, c] = [key("arr"), key("arr"), key("arr")];
    await redis.mset({ [a]: "OK", [b]: "plain ünï" });
    expect(await redis.mget(a, b, c)).toEqual(["OK", "plain ünï", null]);
  });

  it("handles many concurrent requests over the shared Redis connection", async () => {
    const redis = client({ autoPipelining });
    const k = key("concurrent");
    const values = await Promise.all(Array.from({ length: 200 }, () => redis.incr(k)));
    expect([...values].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it("round-trips a multi-megabyte value", async () => {
    const redis = client({ autoPipelining });
    const k = key("large");
    const value = "ü".repeat(1_500_000) + "end";
    await redis.set(k, value);
    expect(await redis.get(k)).toBe(value);
  });

  it("surfaces Redis errors as UpstashError", async () => {
    const redis = client({ autoPipelining });
    const k = key("err");
    await redis.set(k, "not a number");
    await expect(redis.incr(k)).rejects.toThrow(/ERR value is not an integer or out of range/);
    await expect(redis.incr(k)).rejects.toBeInstanceOf(errors.UpstashError);
  });
});

describe("pipeline and multi-exec", () => {
  it("pipeline returns per-command results and errors", async () => {
    const redis = client();
    const [k, counter] = [key("pipe"), key("pipe")];
    const results = await redis
      .pipeline()
      .set(k, "text")
      .incr(k)
      .get(k)
      .incr(counter)
      .get(key("pipe-missing"))
      .exec({ keepErrors: true });
    expect(results.map((r) => r.result)).toEqual(["OK", undefined, "text", 1, null]);
    expect(results.map((r) => r.error)).toEqual([
      undefined,
      "ERR value is not an integer or out of range",
      undefined,
      undefined,
      undefined,
    ]);

    await expect(redis.pipeline().get(k).incr(k).exec()).rejects.toThrow(/Command 2 \[ incr \] failed: ERR value is not an integer/);
  });

  it("multi runs atomically with runtime errors reported per command", async () => {
    const redis = client();
    const k = key("multi");
    const results = await redis.multi().set(k, "text").incr(k).append(k, "!").get(k).exec({ keepErrors: true });
    expect(results.map((r) => r.result)).toEqual(["OK", undefined, 5, "text!"]);
    expect(results[1]?.error).toBe("ERR value is not an integer or out of range");

    await expect(redis.multi().get(k).incr(k).exec()).rejects.toThrow(/Command 2 \[ incr \] failed/);
  });

  it("multi with a queue-time error discards the whole transaction (HTTP 400)", async () => {
    const k = key("multi-abort");
    const res = await post("/multi-exec", [["SET", k, "v"], ["GET"]]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "ERR wrong number of arguments for 'get' command" });
    expect(await direct.command("EXISTS", k)).toBe(0);
  });

  it("pipeline keeps running after a refused command", async () => {
    const k = key("pipe-refused");
    const res = await post("/pipeline", [["SET", k, "v"], ["MULTI"], ["GET", k]]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { result: "OK" },
      { error: "ERR MULTI is not supported by the Upstash bridge; use the /multi-exec endpoint" },
      { result: "v" },
    ]);
  });
});

describe("raw REST protocol", () => {
  it("accepts lowercase names and numeric arguments (sent as decimal strings)", async () => {
    const k = key("raw");
    expect(await post("/", ["set", k, 12.5, "EX", 100])).toEqual({ status: 200, body: { result: "OK" } });
    expect(await post("/", ["get", k])).toEqual({ status: 200, body: { result: "12.5" } });
    expect(await post("/", ["incrby", key("raw"), 9007199254740991])).toEqual({ status: 200, body: { result: 9007199254740991 } });
  });

  it("always includes the result key, even for null", async () => {
    const res = await fetch(`${bridge.url}/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(["GET", key("nothing")]),
    });
    expect(await res.text()).toBe('{"result":null}');
  });

  it("base64-encodes strings only when asked, leaving a top-level OK, numbers and nulls alone", async () => {
    const k = key("b64");
    const b64 = { "Upstash-Encoding": "base64" };
    expect((await post("/", ["SET", k, "héllo"], b64)).body).toEqual({ result: "OK" });
    expect((await post("/", ["GET", k], b64)).body).toEqual({ result: Buffer.from("héllo").toString("base64") });
    expect((await post("/", ["GET", k])).body).toEqual({ result: "héllo" });
    expect((await post("/", ["TYPE", k], b64)).body).toEqual({ result: Buffer.from("string").toString("base64") });
    expect((await post("/", ["STRLEN", k], b64)).body).toEqual({ result: 6 });
    expect((await post("/", ["MGET", k, key("none")], b64)).body).toEqual({ result: ["aMOpbGxv", null] });
    expect((await post("/pipeline", [["SET", k, "x"], ["GET", k]], b64)).body).toEqual([{ result: "OK" }, { result: "eA==" }]);
  });

  it("answers Redis errors for single commands with HTTP 400", async () => {
    expect(await post("/", ["NOPE", "x"])).toEqual({
      status: 400,
      body: { error: "ERR unknown command 'NOPE', with args beginning with: 'x' " },
    });
    expect((await post("/", "not json")).status).toBe(400);
    expect((await post("/", [])).status).toBe(400);
    expect((await post("/", ["SUBSCRIBE", "chan"])).status).toBe(400);
    expect((await post("/get/%E0%A4%A", "")).status).toBe(400);
  });

  it("supports path-style commands", async () => {
    const k = key("path");
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const set = await fetch(`${bridge.url}/set/${encodeURIComponent(k)}?EX=100`, { method: "POST", headers: auth, body: "from body ✓" });
    expect(await set.json()).toEqual({ result: "OK" });
    const get = await fetch(`${bridge.url}/get/${encodeURIComponent(k)}`, { headers: auth });
    expect(await get.json()).toEqual({ result: "from body ✓" });
    const ttl = await fetch(`${bridge.url}/ttl/${encodeURIComponent(k)}?_token=${TOKEN}`);
    expect(((await ttl.json()) as { result: number }).result).toBeGreaterThan(90);
  });

  it("strips the Lua shebang Redis 7.0 rejects and maps the client's sha1", async () => {
    const script = `#!lua flags=allow-key-locking\nreturn {KEYS[1], tonumber(ARGV[1]) + 1}`;
    const clientSha = createHash("sha1").update(script).digest("hex");
    const k = key("lua");

    // Before the bridge has seen the script, EVALSHA must say NOSCRIPT so clients fall back to EVAL.
    const unknown = await post("/", ["EVALSHA", clientSha, 1, k, 1]);
    expect(unknown).toEqual({ status: 400, body: { error: "NOSCRIPT No matching script. Please use EVAL." } });

    expect((await post("/", ["EVAL", script, 1, k, 1])).body).toEqual({ result: [k, 2] });
    expect((await post("/", ["EVALSHA", clientSha, 1, k, 41])).body).toEqual({ result: [k, 42] });
    expect((await post("/", ["EVALSHA_RO", clientSha.toUpperCase(), 1, k, 1])).body).toEqual({ result: [k, 2] });
    expect((await post("/", ["SCRIPT", "EXISTS", clientSha, "0".repeat(40)])).body).toEqual({ result: [1, 0] });

    const other = `#!lua flags=allow-key-locking\nreturn 'loaded'`;
    const otherSha = createHash("sha1").update(other).digest("hex");
    expect((await post("/", ["SCRIPT", "LOAD", other])).body).toEqual({ result: otherSha });
    expect((await post("/", ["EVALSHA", otherSha, 0])).body).toEqual({ result: "loaded" });

    // The same through the client's own script helpers (SCRIPT LOAD reply is base64 there).
    const redis = client();
    expect(await redis.scriptLoad(other)).toBe(otherSha);
    expect(await redis.createScript<string>(other).exec([], [])).toBe("loaded");
  });
});

describe("authentication", () => {
  it("rejects a wrong token with the hosted service's 401 error", async () => {
    for (const autoPipelining of [true, false]) {
      const redis = client({ token: "wrong-token", autoPipelining });
      const failure = redis.get(key("auth"));
      await expect(failure).rejects.toBeInstanceOf(errors.UpstashError);
      await expect(failure).rejects.toThrow(/^WRONGPASS invalid or missing auth token/);
    }
  });

  it("answers 401 with an error JSON body for missing or wrong credentials", async () => {
    const attempts: Record<string, string>[] = [{}, { Authorization: "Bearer nope" }, { Authorization: TOKEN }];
    for (const headers of attempts) {
      const res = await fetch(`${bridge.url}/`, { method: "POST", headers, body: '["PING"]' });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toMatch(/^WRONGPASS invalid or missing auth token/);
    }
  });
});

describe("@upstash/ratelimit through the bridge", () => {
  const WINDOW_MS = 10_000;

  // A sliding window weighs in the previous window's count, so a run that straddles a
  // window boundary would not count down exactly; start early enough in a window.
  async function atStartOfWindow(neededMs = 3_000): Promise<void> {
    const left = WINDOW_MS - (Date.now() % WINDOW_MS);
    if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
  }

  function limiter(redis: Redis, prefix: string): Ratelimit {
    // No ephemeral cache: every verdict must come from Redis through the bridge.
    return new Ratelimit({ redis, limiter: Ratelimit.slidingWindow(5, "10 s"), prefix, ephemeralCache: false });
  }

  /** Records which Redis commands the client sends, per HTTP request. */
  function recordCommands(): string[][] {
    const requests: string[][] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const body = JSON.parse(String(init?.body ?? "[]")) as unknown[];
      const commands = (Array.isArray(body[0]) ? body : [body]) as string[][];
      requests.push(commands.map((command) => String(command[0]).toLowerCase()));
      return realFetch(input, init);
    });
    return requests;
  }

  it("allows 5, then blocks, counting remaining down exactly", async () => {
    // A fresh bridge has no script mapping yet, so the first call must take the
    // EVALSHA → NOSCRIPT → EVAL path and later calls the EVALSHA-only path.
    const fresh = await startUpstashBridge({ port: 0, token: TOKEN, redisUrl: REDIS_URL });
    try {
      const ratelimit = limiter(client({ url: fresh.url }), `${RUN}:rl:${randomUUID()}`);
      await atStartOfWindow();
      const requests = recordCommands();
      const results = [];
      for (let i = 0; i < 7; i++) results.push(await ratelimit.limit("user-1"));

      expect(results.map((r) => r.success)).toEqual([true, true, true, true, true, false, false]);
      expect(results.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
      for (const r of results) {
        expect(r.reason).toBeUndefined(); // not "timeout" / "cacheBlock"
        expect(r.limit).toBe(5);
        expect(r.reset).toBeGreaterThan(Date.now());
        expect(r.reset).toBeLessThanOrEqual(Date.now() + WINDOW_MS);
      }
      expect(requests).toEqual([["evalsha"], ["eval"], ["evalsha"], ["evalsha"], ["evalsha"], ["evalsha"], ["evalsha"], ["evalsha"]]);
    } finally {
      await fresh.close();
    }
  });

  it("shares one budget between two clients and limiters on the same prefix", async () => {
    const prefix = `${RUN}:rl:${randomUUID()}`;
    const a = limiter(client({ autoPipelining: true }), prefix);
    const b = limiter(client({ autoPipelining: false }), prefix);
    await atStartOfWindow();
    const order = [a, b, a, b, a, b, a];
    const results = [];
    for (const rl of order) results.push(await rl.limit("shared-user"));

    expect(results.map((r) => r.success)).toEqual([true, true, true, true, true, false, false]);
    expect(results.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
    expect(results.every((r) => r.reason === undefined)).toBe(true);

    // A different identifier has its own budget.
    expect((await b.limit("someone-else")).remaining).toBe(4);
  });
});

describe("lifecycle and failure handling", () => {
  it("rejects quickly, instead of hanging, once the bridge is closed", async () => {
    const own = await startUpstashBridge({ port: 0, token: TOKEN, redisUrl: REDIS_URL });
    for (const autoPipelining of [true, false]) {
      const redis = client({ url: own.url, autoPipelining });
      // Warm up a keep-alive connection first: close() must not leave it dangling.
      expect(await redis.ping()).toBe("PONG");
    }
    await own.close();
    await own.close(); // idempotent

    for (const autoPipelining of [true, false]) {
      const started = Date.now();
      await expect(client({ url: own.url, autoPipelining }).get(key("closed"))).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it("reconnects to Redis after its connection is killed", async () => {
    const idBefore = (await post("/", ["CLIENT", "ID"])).body as { result: number };
    // The filter form of CLIENT KILL answers with the number of clients killed.
    expect(await direct.command("CLIENT", "KILL", "ID", String(idBefore.result))).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const redis = client();
    const k = key("reconnect");
    expect(await redis.set(k, "back")).toBe("OK");
    expect(await redis.get(k)).toBe("back");
    const idAfter = (await post("/", ["CLIENT", "ID"])).body as { result: number };
    expect(idAfter.result).not.toBe(idBefore.result);
  });

  it("refuses to start when Redis is unreachable", async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(startUpstashBridge({ port: 0, token: TOKEN, redisUrl: `redis://127.0.0.1:${port}` })).rejects.toThrow(
      /cannot reach Redis at 127\.0\.0\.1:\d+: .*ECONNREFUSED/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("times commands out with an error when Redis stops answering", async () => {
    // Accepts connections and never replies: a hung Redis.
    const sockets: net.Socket[] = [];
    const blackhole = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackhole.listen(0, "127.0.0.1", resolve));
    const { port } = blackhole.address() as net.AddressInfo;
    try {
      const resp = new RespClient({ url: `redis://127.0.0.1:${port}`, commandTimeoutMs: 200 });
      const started = Date.now();
      await expect(resp.command("PING")).rejects.toThrow(/timed out after 200 ms/);
      expect(Date.now() - started).toBeLessThan(1_000);
      resp.close();

      await expect(
        startUpstashBridge({ port: 0, token: TOKEN, redisUrl: `redis://127.0.0.1:${port}`, commandTimeoutMs: 200 }),
      ).rejects.toThrow(/timed out/);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => blackhole.close(resolve));
    }
  });
});

describe("RESP parser", () => {
  it("parses replies split at every possible byte boundary", () => {
    const wire = Buffer.concat([
      Buffer.from("+OK\r\n-ERR bad\r\n:42\r\n$-1\r\n*-1\r\n"),
      Buffer.from("$5\r\nh\r\nlo\r\n"),
      Buffer.from("*3\r\n$1\r\na\r\n*2\r\n:1\r\n$0\r\n\r\n+x\r\n"),
    ]);
    const expected = (replies: RespReply[]) => {
      expect(replies).toHaveLength(7);
      expect(replies[0]).toBe("OK");
      expect(replies[1]).toMatchObject({ message: "ERR bad" });
      expect(replies.slice(2, 5)).toEqual([42, null, null]);
      expect(replies[5]).toEqual(Buffer.from("h\r\nlo"));
      expect(replies[6]).toEqual([Buffer.from("a"), [1, Buffer.alloc(0)], "x"]);
    };
    for (let size = 1; size <= wire.length; size++) {
      const parser = new RespParser();
      const replies: RespReply[] = [];
      for (let i = 0; i < wire.length; i += size) replies.push(...parser.push(wire.subarray(i, i + size)));
      expected(replies);
    }
  });

  it("encodes binary-safe commands", () => {
    expect(encodeCommand(["SET", "k", Buffer.from([0, 255])]).toString("latin1")).toBe(
      "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$2\r\n\u0000\u00ff\r\n",
    );
    expect(encodeCommand(["é"]).toString("utf8")).toBe("*1\r\n$2\r\né\r\n");
  });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
