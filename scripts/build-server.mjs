#!/usr/bin/env node
// The last step of `npm run build`: compiles the server (server.ts), the job worker
// (scripts/worker.ts), its thread (lib/surfaces/worker/thread-main.ts) and the migrations command
// (scripts/db-migrate.ts) into plain JavaScript in .server/ (git-ignored), so production runs no
// TypeScript loader. Each is one ES module holding the project's own code; packages stay imports
// from node_modules, as Next's build leaves them. Each entry a person or a container starts is a
// small file that checks the Node.js version first (scripts/lib/node-version.mjs) and only then
// loads the compiled code, so an older Node says what it needs instead of failing on a newer API.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { QUERY_COMPILER_FILE } from "./lib/prisma-wasm-file.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIR = path.join(ROOT, ".server");

/** Started by people and containers: checked first. */
const COMMANDS = { server: "server.ts", worker: "scripts/worker.ts", "db-migrate": "scripts/db-migrate.ts" };
/** Started by the server itself, on its own thread. */
const THREADS = { "job-thread": "lib/surfaces/worker/thread-main.ts" };

/** Writes a file whole or not at all (two test runs may build at once). */
function writeAtomically(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

export async function buildServer({ outDir = SERVER_DIR } = {}) {
  const entryPoints = Object.fromEntries(
    [...Object.entries(COMMANDS).map(([name, source]) => [`${name}.main`, source]), ...Object.entries(THREADS)].map(([name, source]) => [name, path.join(ROOT, source)]),
  );
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // Every output directly in .server/, none in a subfolder: compiled code finds its neighbours
    // (the job thread's entry, the project's folder above) from its own folder.
    format: "esm",
    platform: "node",
    target: "node24",
    packages: "external",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "warning",
    write: false,
  });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
  // The Prisma client compiled into these files reads its query compiler from beside itself.
  writeAtomically(path.join(outDir, QUERY_COMPILER_FILE), fs.readFileSync(path.join(ROOT, "lib", "generated", "prisma", "internal", QUERY_COMPILER_FILE)));
  // The widget's loader, which customers' pages load on every view: minified (it must stay under
  // 5 KiB gzipped), its first comment (name and version) kept. The front door serves it.
  const loader = await esbuild.transform(fs.readFileSync(path.join(ROOT, "widget", "loader.js"), "utf8"), { minify: true, target: "es2017", legalComments: "inline" });
  writeAtomically(path.join(outDir, "widget.js"), loader.code);
  for (const [name] of Object.entries(COMMANDS)) {
    writeAtomically(
      path.join(outDir, `${name}.mjs`),
      [
        `// Made by scripts/build-server.mjs: the Node.js version is checked before the compiled ${name} loads.`,
        `import { requireSupportedNode } from "../scripts/lib/node-version.mjs";`,
        `requireSupportedNode();`,
        `await import("./${name}.main.mjs");`,
        "",
      ].join("\n"),
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`Compiled the server, the job worker and the migrations into .server/ in ${Date.now() - started} ms.`);
}
