import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { listMigrations } from "../../lib/platform/db/migrate";

// Schema diffing without a native engine. Prisma 7's CLI needs a schema-engine binary it cannot
// download offline, so we drive Prisma 6.19's CLI (installed as `prisma-diff-engine`) in its
// "driver adapter" mode: the schema engine runs as WASM and talks to an in-memory PGlite through
// pglite-prisma-adapter 0.6 (the release built for Prisma 6). That gives us `migrate diff` between
// two datamodels and `db pull` of whatever the adapter's PGlite holds, which is all drift
// detection needs. Each CLI run costs ~20 s (WASM and PGlite start-up), so callers should reuse
// introspected datamodels instead of re-running migrations.

const require = createRequire(import.meta.url);

// Prisma 6 insists on a url in the datasource even when an adapter does the connecting; it is
// never dialled.
const PLACEHOLDER_URL = "postgresql://unused@localhost/unused";

export const EMPTY_DATAMODEL = `datasource db {\n  provider = "postgresql"\n  url      = "${PLACEHOLDER_URL}"\n}\n`;

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Datamodel text produced by applying every migration in `migrationsDir`, in order, to an empty database. */
export async function introspectMigrations(migrationsDir: string): Promise<string> {
  const migrations = await listMigrations(migrationsDir);
  if (migrations.length === 0) return EMPTY_DATAMODEL;
  return withWorkDir(async (work) => {
    const schemaPath = await writeSchema(work, "empty.prisma", EMPTY_DATAMODEL);
    const config = await writeConfig(work, schemaPath, migrations.map((m) => m.sqlPath));
    const result = await runCli(work, ["db", "pull", "--print", "--config", config]);
    if (result.code === 0) return result.stdout;
    // P4001: the migrations leave no tables at all, which is a valid (empty) datamodel.
    if (/P4001/.test(result.stderr + result.stdout)) return EMPTY_DATAMODEL;
    throw cliError("db pull", result);
  });
}

/**
 * SQL (or, with script: false, a human summary) that turns `fromText` into `toText`. Both are
 * datamodel texts in either Prisma 6 or Prisma 7 form; generator blocks are dropped.
 */
export async function diffDatamodels(
  fromText: string,
  toText: string,
  { script }: { script: boolean },
): Promise<{ empty: boolean; sql: string }> {
  return withWorkDir(async (work) => {
    const from = await writeSchema(work, "from.prisma", fromText);
    const to = await writeSchema(work, "to.prisma", toText);
    const config = await writeConfig(work, from, []);
    const args = ["migrate", "diff", "--config", config, "--from-schema-datamodel", from, "--to-schema-datamodel", to];
    const result = await runCli(work, [...args, ...(script ? ["--script"] : []), "--exit-code"]);
    // --exit-code: 0 means no difference, 2 means there is one; anything else is a failure.
    if (result.code !== 0 && result.code !== 2) throw cliError("migrate diff", result);
    return { empty: result.code === 0, sql: result.stdout };
  });
}

/**
 * Whether the migrations produce exactly the schema. `sql` is what a new migration would need to
 * contain. Pass `migrationsDatamodel` (from introspectMigrations) to skip re-running the migrations.
 */
export async function checkDrift(opts: {
  schemaPath: string;
  migrationsDir: string;
  migrationsDatamodel?: string;
}): Promise<{ inSync: boolean; sql: string }> {
  const [fromMigrations, schema] = await Promise.all([
    opts.migrationsDatamodel ?? introspectMigrations(opts.migrationsDir),
    fs.readFile(opts.schemaPath, "utf8"),
  ]);
  const { empty, sql } = await diffDatamodels(fromMigrations, schema, { script: true });
  return { inSync: empty, sql: empty ? "" : sql };
}

/** Rewrites a Prisma 7 schema into one the Prisma 6 CLI accepts: no generators, a url present. */
export function toCliSchema(text: string): string {
  let out = text.replace(/^\s*generator\s+\w+\s*\{[^}]*\}[ \t]*\r?\n?/gm, "");
  const datasource = /^(\s*datasource\s+\w+\s*\{)([^}]*)\}/m.exec(out);
  if (!datasource) return `${EMPTY_DATAMODEL}\n${out}`;
  const [block, head, body] = datasource as unknown as [string, string, string];
  if (!/^\s*url\s*=/m.test(body)) {
    out = out.replace(block, `${head}${body.replace(/\s*$/, "")}\n  url = "${PLACEHOLDER_URL}"\n}`);
  }
  return out;
}

async function withWorkDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "schema-diff-"));
  try {
    return await fn(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function writeSchema(dir: string, name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, toCliSchema(text));
  return file;
}

// The CLI loads this file itself, from a temp folder outside the repo, so every import is an
// absolute path resolved here rather than a bare specifier it could not find.
async function writeConfig(dir: string, schemaPath: string, migrationFiles: string[]): Promise<string> {
  const file = path.join(dir, "prisma.config.ts");
  const text = `import { readFileSync } from "node:fs";
import { defineConfig } from ${JSON.stringify(require.resolve("prisma-diff-engine/config"))};
import { PGlite } from ${JSON.stringify(require.resolve("@electric-sql/pglite"))};
import { PrismaPGlite } from ${JSON.stringify(require.resolve("pglite-prisma-adapter-v6"))};

const migrations: string[] = ${JSON.stringify(migrationFiles)};

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: ${JSON.stringify(schemaPath)},
  async adapter() {
    const db = new PGlite();
    for (const file of migrations) {
      try {
        await db.exec(readFileSync(file, "utf8"));
      } catch (error) {
        throw new Error(\`Migration \${file} does not apply to an empty database: \${(error as Error).message}\`);
      }
    }
    return new PrismaPGlite(db);
  },
});
`;
  await fs.writeFile(file, text);
  return file;
}

function cliPath(): string {
  return path.join(path.dirname(require.resolve("prisma-diff-engine/package.json")), "build", "index.js");
}

async function runCli(workDir: string, args: string[]): Promise<CliResult> {
  // The CLI checks that engine files exist before it notices the adapter makes them unnecessary;
  // any existing file satisfies it.
  const placeholderEngine = path.join(workDir, "no-native-engine");
  await fs.writeFile(placeholderEngine, "");
  const env = {
    ...process.env,
    PRISMA_QUERY_ENGINE_LIBRARY: placeholderEngine,
    PRISMA_SCHEMA_ENGINE_BINARY: placeholderEngine,
    PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING: "1",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath(), ...args], { cwd: workDir, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) =>
      resolve({ code: code ?? (signal ? 128 : 1), stdout: withoutUrlWarning(stdout), stderr }),
    );
  });
}

// With a schema file in play (db pull) the CLI warns, on stdout, that the placeholder url is
// ignored in favour of the adapter. True, expected, and it would corrupt the printed datamodel.
function withoutUrlWarning(stdout: string): string {
  return stdout.replace(
    /^\s*WARNING: Your schema specifies the following datasource properties[\s\S]*?only using driver adapters\.\n/,
    "",
  );
}

function cliError(command: string, result: CliResult): Error {
  const output = [result.stderr.trim(), result.stdout.trim()].filter(Boolean).join("\n");
  return new Error(`prisma ${command} (Prisma 6 schema engine) failed with exit code ${result.code}:\n${output}`);
}
