import { expect } from "vitest";
import type { CallResult } from "./api";

interface Walk {
  /** Page size asked for; no page may hold more. */
  limit: number;
  /** Fetches one page; `query` carries the limit and, after the first page, the cursor. */
  fetch: (query: { limit: string; cursor?: string }) => Promise<CallResult>;
  /** Runs after every page, so rows written mid-walk test that a cursor stays stable. */
  meanwhile?: () => Promise<unknown>;
}

/**
 * Follows nextCursor from the first page to the last, checking on every page that it answered
 * 200, holds at most `limit` rows and that hasMore agrees with nextCursor. Returns every row seen,
 * in order, their ids and how many pages it took.
 */
export async function walkAllPages<Row extends { id: string } = { id: string }>({ limit, fetch, meanwhile }: Walk) {
  const rows: Row[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await fetch({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    pages++;
    expect(page.status, `page ${pages}`).toBe(200);
    expect(page.json.data.length, `page ${pages}`).toBeLessThanOrEqual(limit);
    rows.push(...page.json.data);
    await meanwhile?.();
    cursor = page.json.pagination.nextCursor ?? undefined;
    expect(page.json.pagination.hasMore, `page ${pages}`).toBe(Boolean(cursor));
  } while (cursor);
  return { rows, ids: rows.map((row) => row.id), pages };
}

/**
 * The ids in `seen` that belong to `rows`, in order. A walk that inserts while it goes may also
 * meet the new rows, depending on where they sort; whether it does is not what it checks.
 */
export function onlyPreExisting(seen: readonly string[], rows: readonly { id: string }[]): string[] {
  const ids = new Set(rows.map((row) => row.id));
  return seen.filter((id) => ids.has(id));
}

/** `seen` holds every one of `expected` exactly once, and nothing else. */
export function expectEachExactlyOnce(seen: readonly string[], expected: readonly { id: string }[]) {
  const expectedIds = expected.map((row) => row.id);
  const repeated = seen.filter((id, index) => seen.indexOf(id) !== index);
  expect(repeated, "ids seen more than once").toEqual([]);
  expect(seen).toHaveLength(expectedIds.length);
  expect([...seen].sort()).toEqual(expectedIds.sort());
}
