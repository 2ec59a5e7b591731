import { describe, expect, it } from "vitest";
import { describeDatabase, findPostgres } from "@/scripts/lib/find-postgres.mjs";

// `npm test` (and `npx vitest run <file>`) with an empty environment: the PostgreSQL the README asks
// for is found by probing, and the log says which database the tests use and why.
describe("the database the tests use", () => {
  it("with nothing set: a PostgreSQL running locally, found by probing, named in the log without a password", async () => {
    const found = await findPostgres({});
    expect(found.url, "PostgreSQL runs here (the README's prerequisites)").toBeDefined();
    expect(found.source).toBe("found running locally");
    expect(describeDatabase(found)).toMatch(/^PostgreSQL at \S+ \(found running locally\)$/);
    expect(describeDatabase({ url: "postgresql://app:s3cret@db.example.test/x", source: "DATABASE_URL", tried: [] })).toBe("PostgreSQL at postgresql://app:***@db.example.test/x (DATABASE_URL)");
  });

  it("TEST_DATABASE_URL, then DATABASE_URL, are taken as given; TEST_DATABASE=pglite chooses the embedded database", async () => {
    const url = "postgresql://someone@db.example.test:5432/x";
    expect(await findPostgres({ TEST_DATABASE_URL: url, DATABASE_URL: "postgresql://other@h/y" })).toEqual({ url, source: "TEST_DATABASE_URL", tried: [] });
    expect(await findPostgres({ DATABASE_URL: url })).toEqual({ url, source: "DATABASE_URL", tried: [] });
    expect(await findPostgres({ TEST_DATABASE: "pglite", TEST_DATABASE_URL: url })).toEqual({ url: undefined, source: "TEST_DATABASE=pglite", tried: [] });
  });
});
