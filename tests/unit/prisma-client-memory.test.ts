import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  decodeGraph,
  encodeGraph,
  padClientSource,
  padParameterizationSchema,
  PLACEHOLDER,
  shiftStrings,
  STRING_PADDING,
} from "@/scripts/lib/prisma-param-graph.mjs";
import { QUERY_COMPILER_FILE } from "@/scripts/lib/prisma-wasm-file.mjs";

const CLIENT = path.resolve("lib/generated/prisma/internal/class.ts");
const MiB = 1024 * 1024;

/** The schema as the generated (and already padded) client holds it. */
function schemaInClient() {
  const source = fs.readFileSync(CLIENT, "utf8");
  const found = /strings: Array\((\d+)\)\.fill\("\\u0000"\)\.concat\(JSON\.parse\(("(?:[^"\\]|\\.)*")\)\),\n  graph: "([A-Za-z0-9_-]*)"/.exec(source);
  if (!found) throw new Error("the generated client holds no padded parameterization schema: run `npm run db:generate`");
  return { padding: Number(found[1]), strings: JSON.parse(JSON.parse(found[2]!) as string) as string[], graph: found[3]! };
}

describe("the generated client's parameterization graph, padded", () => {
  it("names every string past the padding, so no node's first key fits V8's array of elements", () => {
    const { padding, strings, graph } = schemaInClient();
    expect(padding).toBe(STRING_PADDING);
    expect(STRING_PADDING).toBeGreaterThanOrEqual(1024);
    const { inputNodes, outputNodes, roots } = decodeGraph(graph);
    expect(inputNodes.length).toBeGreaterThan(100);
    const keys = [...inputNodes.flat().flatMap((edge) => [edge.key, edge.enumName ?? STRING_PADDING]), ...outputNodes.flat().map((edge) => edge.key), ...roots.map((root) => root.key)];
    expect(Math.min(...keys)).toBeGreaterThanOrEqual(STRING_PADDING);
    expect(Math.max(...keys)).toBeLessThan(STRING_PADDING + strings.length);
    // Roots name the models' operations, as the client looks them up.
    expect(roots.map((root) => strings[root.key - STRING_PADDING])).toContain("Post.findMany");
  });

  it("reads back as the graph Prisma generated, and padding twice changes nothing", () => {
    const { strings, graph } = schemaInClient();
    const generated = encodeGraph(shiftStrings(decodeGraph(graph), -STRING_PADDING));
    const padded = padParameterizationSchema({ strings, graph: generated });
    expect(padded.graph).toBe(graph);
    expect(padded.strings.slice(0, STRING_PADDING).every((text) => text === PLACEHOLDER)).toBe(true);
    expect(padded.strings.slice(STRING_PADDING)).toEqual(strings);
    const source = fs.readFileSync(CLIENT, "utf8");
    expect(padClientSource(source)).toBe(source);
  });

  it("stops the generation on a layout it does not read to the last byte", () => {
    const { graph } = schemaInClient();
    const bytes = Buffer.from(graph, "base64url");
    expect(() => decodeGraph(Buffer.concat([bytes, Buffer.from([0])]).toString("base64url"))).toThrow(/bytes after its roots/);
    expect(() => decodeGraph(bytes.subarray(0, bytes.length - 1).toString("base64url"))).toThrow(/ends early/);
    expect(() => padClientSource("config.parameterizationSchema = somethingElse")).toThrow(/not where this rewriter looks/);
  });
});

describe("the generated client's query compiler", () => {
  it("is read from a file beside the client: the binary Prisma's module holds as text, which nothing imports", () => {
    const source = fs.readFileSync(CLIENT, "utf8");
    expect(source).not.toMatch(/wasm-base64/);
    expect(source).toContain(`new URL("./${QUERY_COMPILER_FILE}", import.meta.url)`);
    const bytes = fs.readFileSync(path.join(path.dirname(CLIENT), QUERY_COMPILER_FILE));
    const moduleText = fs.readFileSync(createRequire(path.resolve("package.json")).resolve("@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs"), "utf8");
    expect(bytes.equals(Buffer.from(/"([^"]+)"/.exec(moduleText)![1]!, "base64"))).toBe(true);
    expect(WebAssembly.validate(bytes)).toBe(true);
  });
});

describe("a Prisma client's heap", () => {
  it("is under 6 MiB once its engine is made (28 MiB as generated: the graph 19, the compiler's text 9)", () => {
    // In a process of its own, so nothing else this file loaded is counted. $connect makes the
    // engine, which reads the graph and compiles the query compiler; the adapter connects only when
    // a query runs.
    const script = `
      import v8 from "node:v8";
      import { PrismaPg } from "@prisma/adapter-pg";
      import { PrismaClient } from "./lib/generated/prisma/client.ts";
      const used = () => { globalThis.gc(); globalThis.gc(); return v8.getHeapStatistics().used_heap_size; };
      const before = used();
      const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: "postgresql://nobody@127.0.0.1:1/none" }) });
      await client.$connect();
      const after = used();
      console.log(JSON.stringify({ growth: after - before, kept: typeof client }));
    `;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--expose-gc", "--input-type=module", "-e", script], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
    expect(run.status, run.stderr).toBe(0);
    const { growth } = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { growth: number };
    expect(growth, `${(growth / MiB).toFixed(1)} MiB`).toBeLessThan(6 * MiB);
  });
});
