// The benchmark's load generator, run in its own process by scripts/bench/run.ts so its CPU use is
// not charged to the server under test. N keep-alive connections, each sending the next request as
// soon as the previous response is complete (closed loop, like autocannon). The request bytes are
// built once; responses are parsed just far enough to find their end (Content-Length or chunked).
//
//   node --import tsx scripts/bench/load.ts '<json options>'   → prints one JSON result line
import net from "node:net";
import { pathToFileURL } from "node:url";

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** A response slower than this counts as an error and its connection is replaced. */
  timeoutMs?: number;
  /** Told when the measured window opens and closes (the runner samples server CPU time then). */
  onPhase?: (phase: "measuring" | "done") => void;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  statuses: Record<string, number>;
  non2xx: number;
  errors: number;
  errorSamples: string[];
  bytes: number;
}

const CRLF_CRLF = Buffer.from("\r\n\r\n");

class Recorder {
  measuring = false;
  latencies = new Float64Array(1 << 16);
  count = 0;
  statuses: Record<string, number> = {};
  errors = 0;
  errorSamples: string[] = [];
  bytes = 0;

  response(status: number, ms: number, bytes: number) {
    if (!this.measuring) return;
    if (this.count === this.latencies.length) {
      const grown = new Float64Array(this.latencies.length * 2);
      grown.set(this.latencies);
      this.latencies = grown;
    }
    this.latencies[this.count++] = ms;
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    this.bytes += bytes;
  }

  error(message: string) {
    if (!this.measuring) return;
    this.errors++;
    if (this.errorSamples.length < 5) this.errorSamples.push(message);
  }

  reset() {
    this.count = 0;
    this.statuses = {};
    this.errors = 0;
    this.errorSamples = [];
    this.bytes = 0;
  }
}

class Connection {
  private socket!: net.Socket;
  private buffer: Buffer | null = null;
  private sentAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly request: Buffer,
    private readonly recorder: Recorder,
    private readonly timeoutMs: number,
    private readonly running: () => boolean,
  ) {
    this.open();
  }

  private open() {
    this.buffer = null;
    this.socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    this.socket.on("connect", () => this.send());
    this.socket.on("data", (chunk: Buffer) => this.onData(chunk));
    this.socket.on("error", (error) => this.fail(`socket: ${error.message}`));
    this.socket.on("close", () => this.fail("connection closed by server"));
  }

  private send() {
    if (!this.running()) return this.close();
    this.sentAt = performance.now();
    this.timer = setTimeout(() => this.fail(`no response within ${this.timeoutMs} ms`), this.timeoutMs);
    this.socket.write(this.request);
  }

  private fail(message: string) {
    if (this.closed) return;
    clearTimeout(this.timer);
    if (this.running()) this.recorder.error(message);
    this.socket.removeAllListeners();
    this.socket.on("error", () => {});
    this.socket.destroy();
    if (this.running()) setTimeout(() => this.open(), 10);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket.destroy();
  }

  private onData(chunk: Buffer) {
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    const end = responseEnd(this.buffer);
    if (end === -1) return;
    if (end === -2) return this.fail("unparseable response");
    clearTimeout(this.timer);
    const status = Number(this.buffer.toString("latin1", 9, 12));
    this.recorder.response(status, performance.now() - this.sentAt, end);
    // Closed loop: one request in flight per connection, so nothing may follow the response.
    this.buffer = end < this.buffer.length ? this.buffer.subarray(end) : null;
    this.send();
  }
}

/** Byte length of the complete response at the start of `buf`; -1 when incomplete, -2 when unparseable. */
function responseEnd(buf: Buffer): number {
  const headEnd = buf.indexOf(CRLF_CRLF);
  if (headEnd === -1) return -1;
  const head = buf.toString("latin1", 0, headEnd).toLowerCase();
  const bodyStart = headEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return buf.length >= end ? end : -1;
  }
  if (/\r\ntransfer-encoding:\s*chunked/.test(head)) {
    let pos = bodyStart;
    for (;;) {
      const lineEnd = buf.indexOf("\r\n", pos, "latin1");
      if (lineEnd === -1) return -1;
      const size = parseInt(buf.toString("latin1", pos, lineEnd), 16);
      if (Number.isNaN(size)) return -2;
      if (size === 0) {
        // No trailers are expected: the last chunk is followed by an empty line.
        return buf.length >= lineEnd + 4 ? lineEnd + 4 : -1;
      }
      pos = lineEnd + 2 + size + 2;
      if (pos > buf.length) return -1;
    }
  }
  if (/^http\/1\.1 (204|304)/.test(head)) return bodyStart;
  return -2;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const port = Number(url.port) || 80;
  const headerLines = Object.entries({ host: url.host, connection: "keep-alive", ...options.headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const request = Buffer.from(`GET ${url.pathname}${url.search} HTTP/1.1\r\n${headerLines}\r\n`, "latin1");
  const recorder = new Recorder();
  let running = true;
  const connections = Array.from(
    { length: options.connections },
    () => new Connection(url.hostname, port, request, recorder, options.timeoutMs ?? 10_000, () => running),
  );

  await sleep(options.warmupSeconds * 1000);
  recorder.reset();
  recorder.measuring = true;
  options.onPhase?.("measuring");
  const started = performance.now();
  await sleep(options.durationSeconds * 1000);
  recorder.measuring = false;
  options.onPhase?.("done");
  const seconds = (performance.now() - started) / 1000;
  running = false;
  for (const connection of connections) connection.close();

  const sorted = recorder.latencies.slice(0, recorder.count).sort();
  let sum = 0;
  for (const ms of sorted) sum += ms;
  const non2xx = Object.entries(recorder.statuses)
    .filter(([status]) => !status.startsWith("2"))
    .reduce((total, [, n]) => total + n, 0);
  return {
    requests: recorder.count,
    seconds,
    rps: recorder.count / seconds,
    latencyMs: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted.length ? sorted[sorted.length - 1]! : NaN,
      mean: sorted.length ? sum / sorted.length : NaN,
    },
    statuses: recorder.statuses,
    non2xx,
    errors: recorder.errors,
    errorSamples: recorder.errorSamples,
    bytes: recorder.bytes,
  };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = JSON.parse(process.argv[2] ?? "{}") as LoadOptions;
  options.onPhase = (phase) => process.stdout.write(`${phase}\n`);
  runLoad(options).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
