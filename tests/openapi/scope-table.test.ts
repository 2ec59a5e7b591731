import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { MIN_ROLE_FOR_SCOPE } from "@/lib/domain/access/roles";
import { openApiDocuments } from "../support/openapi-validator";

// docs/api.md's table of scopes is written by hand; every operation the v1 document serves with a
// scope must be in its scope's row, and the row must name the role the document names.
const TABLE_ROW = /^\| `([a-z]+:[a-z]+)` \| (.*) \| ([a-z]+) \|$/;

function scopeTable(): Map<string, { endpoints: Set<string>; role: string }> {
  const rows = new Map<string, { endpoints: Set<string>; role: string }>();
  for (const line of fs.readFileSync("docs/api.md", "utf8").split("\n")) {
    const match = TABLE_ROW.exec(line);
    if (!match) continue;
    const endpoints = new Set([...match[2]!.matchAll(/`([A-Z]+ [^`?]+)(?:\?[^`]*)?`/g)].map((found) => found[1]!));
    rows.set(match[1]!, { endpoints, role: match[3]! });
  }
  return rows;
}

describe("docs/api.md's scope table", () => {
  it("lists every scoped operation of the v1 document under its scope, with the creator's role", () => {
    const table = scopeTable();
    const { paths } = openApiDocuments().v1 as unknown as { paths: Record<string, Record<string, { "x-required-scope"?: keyof typeof MIN_ROLE_FOR_SCOPE }>> };
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const scope = operation["x-required-scope"];
        // The MCP endpoint needs whichever scope the tool it calls needs (docs/api.md says so there).
        if (!scope || !(scope in MIN_ROLE_FOR_SCOPE)) continue;
        const row = table.get(scope);
        if (!row?.endpoints.has(`${method.toUpperCase()} ${path}`)) missing.push(`${scope}: ${method.toUpperCase()} ${path}`);
        else expect(row.role, scope).toBe(MIN_ROLE_FOR_SCOPE[scope].toLowerCase());
      }
    }
    expect(missing).toEqual([]);
  });
});
