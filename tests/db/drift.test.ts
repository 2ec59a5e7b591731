import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDrift, EMPTY_DATAMODEL, introspectMigrations, toCliSchema } from "../../scripts/lib/schema-diff";

// Each Prisma 6 CLI run costs ~20 s, so the migrations are introspected once and the datamodel is
// reused for the edited schemas; independent runs go in parallel.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCHEMA = path.join(ROOT, "prisma", "schema.prisma");
const MIGRATIONS = path.join(ROOT, "prisma", "migrations");

let tmp: string;
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "drift-test-"));
});
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

/** Applies `edit` to the body of one model block, failing loudly if it no longer matches. */
function editModel(schema: string, model: string, edit: (body: string) => string): string {
  const block = new RegExp(`^model ${model} \\{[\\s\\S]*?^\\}`, "m").exec(schema)?.[0];
  if (!block) throw new Error(`model ${model} not found in schema.prisma`);
  const edited = edit(block);
  if (edited === block) throw new Error(`edit of model ${model} changed nothing; update this test`);
  return schema.replace(block, edited);
}

async function writeSchema(name: string, text: string): Promise<string> {
  const file = path.join(tmp, name);
  await fs.writeFile(file, text);
  return file;
}

describe("checkDrift", () => {
  it(
    "finds the repo in sync, and detects an added field and a changed column type",
    async () => {
      const schema = await fs.readFile(SCHEMA, "utf8");
      const withNickname = await writeSchema(
        "nickname.prisma",
        editModel(schema, "User", (body) => body.replace(/^(\s*name\s+String\?.*)$/m, "$1\n  nickname String?")),
      );
      const boardNameInt = await writeSchema(
        "board-int.prisma",
        editModel(schema, "Board", (body) => body.replace(/^(\s*name\s+)String\s*$/m, "$1Int")),
      );

      const [repo, migrationsDatamodel] = await Promise.all([
        checkDrift({ schemaPath: SCHEMA, migrationsDir: MIGRATIONS }),
        introspectMigrations(MIGRATIONS),
      ]);
      expect(repo).toEqual({ inSync: true, sql: "" });
      expect(migrationsDatamodel).toMatch(/^model User \{/m);

      const [nickname, intName] = await Promise.all([
        checkDrift({ schemaPath: withNickname, migrationsDir: MIGRATIONS, migrationsDatamodel }),
        checkDrift({ schemaPath: boardNameInt, migrationsDir: MIGRATIONS, migrationsDatamodel }),
      ]);
      expect(nickname.inSync).toBe(false);
      expect(nickname.sql).toMatch(/ALTER TABLE "User" ADD COLUMN\s+"nickname" TEXT;/);
      expect(intName.inSync).toBe(false);
      expect(intName.sql).toMatch(/ALTER TABLE "Board"/);
      expect(intName.sql).toMatch(/"name"[\s\S]*INTEGER/);
    },
    300_000,
  );

  it("treats a missing or empty migrations folder as an empty database, without running the CLI", async () => {
    expect(await introspectMigrations(path.join(tmp, "no-migrations"))).toBe(EMPTY_DATAMODEL);
  });
});

describe("toCliSchema", () => {
  it("drops generators and adds the url Prisma 6 requires", () => {
    const out = toCliSchema(
      'generator client {\n  provider = "prisma-client"\n  output   = "../x"\n}\n\ndatasource db {\n  provider = "postgresql"\n}\n\nmodel A {\n  id Int @id\n}\n',
    );
    expect(out).not.toMatch(/generator/);
    expect(out).toMatch(/datasource db \{\n  provider = "postgresql"\n  url = "postgresql:\/\/unused@localhost\/unused"\n\}/);
    expect(out).toMatch(/model A \{/);
  });

  it("keeps a datasource that already has a url", () => {
    const text = 'datasource db {\n  provider = "postgresql"\n  url      = "postgresql://x@y/z"\n}\n';
    expect(toCliSchema(text)).toBe(text);
  });
});
