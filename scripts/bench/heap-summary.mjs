#!/usr/bin/env node
// What a V8 heap snapshot holds, by kind, and what grew between two: the objects' own sizes summed
// by type and constructor (or, for strings and code, by their first characters), so that a dev
// server's growth between two snapshots minutes apart names what accumulates. Reads snapshots
// larger than JSON.parse takes in one string: the number arrays are scanned from the bytes.
//
//   node scripts/bench/heap-summary.mjs early.heapsnapshot [late.heapsnapshot] [--top 40]
//   node scripts/bench/heap-summary.mjs one.heapsnapshot --holders WeakRef
//     what holds the objects of that constructor: their holders by type, name and edge name
import fs from "node:fs";
import { parseArgs } from "node:util";

const { values: args, positionals: files } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "40" }, holders: { type: "string" }, edge: { type: "string" } } });

function findKey(buffer, key, from = 0) {
  const at = buffer.indexOf(`"${key}":`, from);
  if (at < 0) throw new Error(`no "${key}" in the snapshot`);
  return buffer.indexOf("[", at) + 1;
}

/** The numbers of the array that starts at `start`, into a typed array of `count` entries. */
function numbers(buffer, start, count) {
  const out = new Uint32Array(count);
  let index = 0;
  let value = 0;
  let inNumber = false;
  for (let at = start; index < count; at++) {
    const byte = buffer[at];
    if (byte >= 48 && byte <= 57) {
      value = value * 10 + (byte - 48);
      inNumber = true;
    } else {
      if (inNumber) out[index++] = value;
      value = 0;
      inNumber = false;
      if (byte === 93) break;
    }
  }
  return out;
}

function summarise(file) {
  const buffer = fs.readFileSync(file);
  const metaStart = buffer.indexOf('"snapshot":');
  const nodesKey = buffer.indexOf('"nodes":');
  const head = JSON.parse(`{${buffer.subarray(metaStart, nodesKey).toString("utf8").replace(/,\s*$/, "")}}`);
  const { meta, node_count: nodeCount } = head.snapshot;
  const fields = meta.node_fields;
  const types = meta.node_types[0];
  const width = fields.length;
  const nodes = numbers(buffer, findKey(buffer, "nodes"), nodeCount * width);
  const stringsStart = findKey(buffer, "strings") - 1;
  // The strings array runs to the end of the file, closing brace aside.
  const strings = JSON.parse(buffer.subarray(stringsStart, buffer.lastIndexOf("]") + 1).toString("utf8"));
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const groups = new Map();
  let total = 0;
  for (let offset = 0; offset < nodes.length; offset += width) {
    const type = types[nodes[offset + typeAt]];
    const size = nodes[offset + sizeAt];
    total += size;
    let name = strings[nodes[offset + nameAt]] ?? "";
    // Strings and code are named by their text: their first characters tell copies of one source apart from many small ones.
    if (type === "string" || type === "concatenated string" || type === "sliced string") name = size > 4096 ? `${name.slice(0, 60).replace(/\s+/g, " ")}…` : "(small strings)";
    else name = name.slice(0, 80);
    const key = `${type}\t${name}`;
    const group = groups.get(key) ?? { count: 0, size: 0 };
    group.count++;
    group.size += size;
    groups.set(key, group);
  }
  return { total, nodeCount, groups, buffer, head, nodes, strings };
}

/**
 * Who holds the objects named `name`: each edge into one, counted by its holder and edge name. Or,
 * with `edgeName`, every edge of that name: its holder and what it leads to, with that object's
 * own edge count (a Map's or an array's entries), so that one variable's cache can be sized.
 */
function holders({ buffer, head, nodes, strings }, name, wantedName) {
  const { meta, edge_count: edgeCount } = head.snapshot;
  const width = meta.node_fields.length;
  const types = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const [edgeTypeAt, edgeNameAt, toAt] = ["type", "name_or_index", "to_node"].map((field) => meta.edge_fields.indexOf(field));
  const edgeWidth = meta.edge_fields.length;
  const edges = numbers(buffer, findKey(buffer, "edges"), edgeCount * edgeWidth);
  const nameAt = meta.node_fields.indexOf("name");
  const typeAt = meta.node_fields.indexOf("type");
  const countAt = meta.node_fields.indexOf("edge_count");
  const target = name === undefined ? -1 : strings.indexOf(name);
  const wantedEdge = wantedName === undefined ? -1 : strings.indexOf(wantedName);
  const counts = new Map();
  // A Map's entries hang off its hidden table: count those too.
  const entries = (node) => {
    let count = nodes[node + countAt];
    let first = 0;
    for (let offset = 0; offset < node; offset += width) first += nodes[offset + countAt] * edgeWidth;
    for (let i = 0; i < nodes[node + countAt]; i++) {
      const at = first + i * edgeWidth;
      if (strings[edges[at + edgeNameAt]] === "table") count += nodes[edges[at + toAt] + countAt];
    }
    return count;
  };
  let edge = 0;
  for (let offset = 0; offset < nodes.length; offset += width) {
    const holder = `${types[nodes[offset + typeAt]]} ${strings[nodes[offset + nameAt]]?.slice(0, 60)}`;
    for (let i = 0; i < nodes[offset + countAt]; i++, edge += edgeWidth) {
      const to = edges[edge + toAt];
      const edgeType = edgeTypes[edges[edge + edgeTypeAt]];
      if (wantedEdge >= 0) {
        if (edgeType === "element" || edgeType === "hidden" || edges[edge + edgeNameAt] !== wantedEdge) continue;
        const key = `${holder} --${wantedName}--> ${types[nodes[to + typeAt]]} ${strings[nodes[to + nameAt]]?.slice(0, 40)} (${entries(to)} edges)`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        continue;
      }
      if (nodes[to + nameAt] !== target) continue;
      const edgeName = edgeType === "element" || edgeType === "hidden" ? "[]" : strings[edges[edge + edgeNameAt]];
      const key = `${holder} --${edgeType}:${edgeName}-->`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

const mib = (bytes) => (bytes / 1048576).toFixed(1);
const top = Number(args.top);
const first = summarise(files[0]);
console.log(`${files[0]}: ${first.nodeCount} objects, ${mib(first.total)} MiB`);
if (args.holders || args.edge) {
  for (const [key, count] of holders(first, args.holders, args.edge).slice(0, top)) console.log(`${String(count).padStart(9)}  ${key}`);
} else if (files.length === 1) {
  const rows = [...first.groups].sort((a, b) => b[1].size - a[1].size).slice(0, top);
  for (const [key, { count, size }] of rows) console.log(`${mib(size).padStart(8)} MiB ${String(count).padStart(9)}  ${key}`);
} else {
  const second = summarise(files[1]);
  console.log(`${files[1]}: ${second.nodeCount} objects, ${mib(second.total)} MiB (${mib(second.total - first.total)} MiB more)`);
  const keys = new Set([...first.groups.keys(), ...second.groups.keys()]);
  const rows = [...keys]
    .map((key) => {
      const a = first.groups.get(key) ?? { count: 0, size: 0 };
      const b = second.groups.get(key) ?? { count: 0, size: 0 };
      return { key, size: b.size - a.size, count: b.count - a.count, after: b.size };
    })
    .sort((a, b) => b.size - a.size)
    .slice(0, top);
  console.log("   grew by      count+     now  type / name");
  for (const row of rows) console.log(`${mib(row.size).padStart(8)} MiB ${String(row.count).padStart(9)} ${mib(row.after).padStart(8)}  ${row.key}`);
}
