// Prisma's generated client loads its query compiler (WebAssembly) from a JavaScript module that
// holds the binary as one 4.4 MiB base64 string. A module stays loaded for the life of its thread,
// and V8 keeps both its source text and the string: 8.7 MiB in every thread that queries the
// database (the server's and the job worker's), to compile a module once. So the generated client is
// rewritten to read the same binary from a file beside it (QUERY_COMPILER_FILE, decoded here from
// that module), and the bytes are garbage once compiled.
//
// `new URL(file, import.meta.url)` is how each way of running the client finds the file: Node.js and
// the test runner resolve it beside the generated source; Next's build copies it among its server
// assets and points the address there; the compiled server in .server/ finds the copy that
// `npm run build` puts beside it (scripts/build-server.mjs).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const QUERY_COMPILER_FILE = "query_compiler.wasm";

const LOADER_IN_CLIENT =
  /  getQueryCompilerWasmModule: async \(\) => \{\n    const \{ wasm \} = await import\("([^"]+\.wasm-base64\.mjs)"\)\n    return await decodeBase64AsWasm\(wasm\)\n  \},/;
const LOADER_FROM_FILE = [
  "  getQueryCompilerWasmModule: async () => {",
  '    const { readFile } = await import("node:fs/promises")',
  `    return new WebAssembly.Module(await readFile(new URL(${JSON.stringify(`./${QUERY_COMPILER_FILE}`)}, import.meta.url)))`,
  "  },",
].join("\n");

/**
 * Rewrites the generated client's source (internal/class.ts, in `clientDir`) to load the compiler
 * from QUERY_COMPILER_FILE, and writes that file beside it, decoded from the module the generator
 * chose (resolved from `projectDir`'s packages). A source already rewritten is left as it is, and its
 * file written again only if it is missing.
 */
export function loadQueryCompilerFromFile(clientDir, projectDir) {
  const sourceFile = path.join(clientDir, "class.ts");
  const source = fs.readFileSync(sourceFile, "utf8");
  const wasmFile = path.join(clientDir, QUERY_COMPILER_FILE);
  if (source.includes(LOADER_FROM_FILE)) {
    if (!fs.existsSync(wasmFile)) throw new Error(`${wasmFile} is missing: run \`npm run db:generate\` again`);
    return;
  }
  const found = LOADER_IN_CLIENT.exec(source);
  if (!found) throw new Error("the generated client's query compiler loader is not the one this rewriter replaces");
  const moduleText = fs.readFileSync(createRequire(path.join(projectDir, "package.json")).resolve(found[1]), "utf8");
  const base64 = /^const wasm = "([A-Za-z0-9+/=]+)";?\s*\nexport \{ wasm \}\s*$/.exec(moduleText.trim() + "\n");
  if (!base64) throw new Error(`${found[1]} does not hold its binary as this rewriter expects`);
  const bytes = Buffer.from(base64[1], "base64");
  if (!WebAssembly.validate(bytes)) throw new Error(`${found[1]} does not decode to a WebAssembly module`);
  fs.writeFileSync(wasmFile, bytes);
  fs.writeFileSync(sourceFile, source.slice(0, found.index) + LOADER_FROM_FILE + source.slice(found.index + found[0].length));
}
