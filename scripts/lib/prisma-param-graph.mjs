// Prisma's generated client carries a "parameterization graph": for every model's arguments, which
// fields a query may name, as nodes whose edges are keyed by the field name's number in a table of
// strings. The client reads it into plain objects, `edges[stringNumber] = edge`, once per client.
// Those numbers run into the thousands and each node names only a few of them, yet V8 keeps a young
// object's integer keys in an array as long as the highest key, up to 5,000 slots: about 1,700
// nodes of ~10 KiB each, 20 MiB of every thread's heap that holds a client, for a few dozen
// edges apiece. V8 keeps the keys in a small hash table instead when the first key it is given is
// 1,024 or more past the end of the array. So the generator's output is rewritten with every string
// number moved up by STRING_PADDING (placeholder strings fill the table's new beginning): the same
// graph, read the same way, a tenth of the memory.
//
// The graph's layout is read here as the client reads it (unsigned LEB128 numbers; an optional
// number is stored plus one, 0 for none): counts of input nodes, output nodes and roots; each input
// node's edges as (string number, 16-bit little-endian scalar mask, optional child node, optional
// enum name's string number, flags byte); each output node's edges as (string number, optional
// arguments node, optional output node); each root as (string number, optional arguments node,
// optional output node). A graph that does not read to its last byte, or reads back differently
// once rewritten, stops the generation: a newer Prisma's layout must be looked at, not guessed.

/** How far every string number is moved: at least V8's 1,024, so every node's first key lands past it. */
export const STRING_PADDING = 1_100;
/** What fills the table's new beginning: no field or argument is named so. */
export const PLACEHOLDER = "\u0000";

class Reader {
  #bytes;
  #at = 0;
  constructor(bytes) {
    this.#bytes = bytes;
  }
  get done() {
    return this.#at === this.#bytes.length;
  }
  #byte() {
    if (this.#at >= this.#bytes.length) throw new Error("the parameterization graph ends early");
    return this.#bytes[this.#at++];
  }
  number() {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = this.#byte();
      value += (byte & 127) * 2 ** shift;
      shift += 7;
    } while (byte >= 128);
    return value;
  }
  optional() {
    const stored = this.number();
    return stored === 0 ? undefined : stored - 1;
  }
  u16() {
    return this.#byte() | (this.#byte() << 8);
  }
  u8() {
    return this.#byte();
  }
}

class Writer {
  #bytes = [];
  number(value) {
    let rest = value;
    do {
      const low = rest % 128;
      rest = Math.floor(rest / 128);
      this.#bytes.push(rest > 0 ? low | 128 : low);
    } while (rest > 0);
  }
  optional(value) {
    this.number(value === undefined ? 0 : value + 1);
  }
  u16(value) {
    this.#bytes.push(value & 255, value >> 8);
  }
  u8(value) {
    this.#bytes.push(value);
  }
  get bytes() {
    return Buffer.from(this.#bytes);
  }
}

/** The graph as plain data: every string number in it under `key` or `enumName`. */
export function decodeGraph(graph) {
  const reader = new Reader(Buffer.from(graph, "base64url"));
  const [inputCount, outputCount, rootCount] = [reader.number(), reader.number(), reader.number()];
  const times = (count, read) => Array.from({ length: count }, read);
  const inputNodes = times(inputCount, () =>
    times(reader.number(), () => ({ key: reader.number(), scalarMask: reader.u16(), child: reader.optional(), enumName: reader.optional(), flags: reader.u8() })),
  );
  const readLink = () => ({ key: reader.number(), args: reader.optional(), output: reader.optional() });
  const outputNodes = times(outputCount, () => times(reader.number(), readLink));
  const roots = times(rootCount, readLink);
  if (!reader.done) throw new Error("the parameterization graph has bytes after its roots: its layout is not the one this rewriter reads");
  return { inputNodes, outputNodes, roots };
}

export function encodeGraph({ inputNodes, outputNodes, roots }) {
  const writer = new Writer();
  for (const count of [inputNodes.length, outputNodes.length, roots.length]) writer.number(count);
  for (const edges of inputNodes) {
    writer.number(edges.length);
    for (const edge of edges) {
      writer.number(edge.key);
      writer.u16(edge.scalarMask);
      writer.optional(edge.child);
      writer.optional(edge.enumName);
      writer.u8(edge.flags);
    }
  }
  // An output node's edge and a root are laid out alike: a name, then where its arguments and output lead.
  const writeLink = (link) => {
    writer.number(link.key);
    writer.optional(link.args);
    writer.optional(link.output);
  };
  for (const edges of outputNodes) {
    writer.number(edges.length);
    edges.forEach(writeLink);
  }
  roots.forEach(writeLink);
  return writer.bytes.toString("base64url");
}

/** Every string number in the graph moved up by `by`. */
export function shiftStrings(decoded, by) {
  const shift = (value) => (value === undefined ? undefined : value + by);
  return {
    inputNodes: decoded.inputNodes.map((edges) => edges.map((edge) => ({ ...edge, key: edge.key + by, enumName: shift(edge.enumName) }))),
    outputNodes: decoded.outputNodes.map((edges) => edges.map((edge) => ({ ...edge, key: edge.key + by }))),
    roots: decoded.roots.map((root) => ({ ...root, key: root.key + by })),
  };
}

/**
 * The padded schema for `{ strings, graph }` as generated: the placeholders, then the strings, and
 * the graph with every string number moved past them. Checked by reading it back.
 */
export function padParameterizationSchema({ strings, graph }) {
  if (strings.includes(PLACEHOLDER)) throw new Error("the parameterization strings already hold the placeholder");
  const decoded = decodeGraph(graph);
  const padded = { strings: [...Array(STRING_PADDING).fill(PLACEHOLDER), ...strings], graph: encodeGraph(shiftStrings(decoded, STRING_PADDING)) };
  if (JSON.stringify(shiftStrings(decodeGraph(padded.graph), -STRING_PADDING)) !== JSON.stringify(decoded)) {
    throw new Error("the padded parameterization graph does not read back as the generated one");
  }
  return padded;
}

const SCHEMA_IN_CLIENT = /config\.parameterizationSchema = \{\n  strings: JSON\.parse\(("(?:[^"\\]|\\.)*")\),\n  graph: "([A-Za-z0-9_-]*)"\n\}/;

/**
 * The generated client's source (internal/class.ts) with its parameterization schema padded. A
 * source already padded is returned as it is (the placeholders are written as a fill, below).
 */
export function padClientSource(source) {
  if (source.includes("config.parameterizationSchema = {\n  strings: Array(")) return source;
  const found = SCHEMA_IN_CLIENT.exec(source);
  if (!found) throw new Error("the generated client's parameterization schema is not where this rewriter looks for it");
  const strings = JSON.parse(JSON.parse(found[1]));
  const padded = padParameterizationSchema({ strings, graph: found[2] });
  const replacement = [
    "config.parameterizationSchema = {",
    `  strings: Array(${STRING_PADDING}).fill(${JSON.stringify(PLACEHOLDER)}).concat(JSON.parse(${found[1]})),`,
    `  graph: ${JSON.stringify(padded.graph)}`,
    "}",
  ].join("\n");
  return source.slice(0, found.index) + replacement + source.slice(found.index + found[0].length);
}
