import type { Plan, Prisma } from "@/lib/generated/prisma/client";
import { renderFragment, type SqlFragment } from "@/lib/platform/core/sql-fragment";
import type { TenantModel } from "./tenant-models";

// Every SQL statement of the workspace-scoped accessor (../scoped.ts), in one place. Each one
// starts from `"workspaceId" = $1`: the caller brings only parameterised conditions (sqlFragment)
// and constant column and ORDER BY lists, so a raw read is fenced exactly like the model
// delegates.

/**
 * A full-text query (tsquery text) whose matches are few enough, at most `cap`, to be read first
 * and filtered, sorted and limited among themselves (lib/domain/posts/search.ts).
 */
export interface SearchHits {
  tsquery: string;
  cap: number;
}

export interface SelectRowsQuery {
  from: TenantModel;
  /** Select list: the table's own columns, as SQL (a constant, never built from input). */
  columns: string;
  where?: readonly SqlFragment[];
  /**
   * Posts only: read from the matches of a search, taken from the search index alone by the
   * `post_search_hits` function, rather than from the table: `where`, the order and the limit
   * apply to them alone. Told of a few rows any other way, the planner would still walk the sort's
   * index through the whole workspace, since it guesses every prefix query at 2% of the rows.
   */
  searchHits?: SearchHits;
  /** ORDER BY list, as SQL (a constant, never built from input). */
  orderBy: string;
  limit: number;
}

const tableOf = (model: TenantModel) => `"${model[0]!.toUpperCase()}${model.slice(1)}"`;

/** The search's matches, at most cap + 1 of them, so that "more than cap" shows; $2 and $3. */
function searchHitsSource(from: TenantModel, hits: SearchHits, values: unknown[]): string {
  if (from !== "post") throw new Error("searchHits reads posts only");
  values.push(hits.tsquery, hits.cap + 1);
  return `post_search_hits($1, to_tsquery('simple'::regconfig, $2), $3)`;
}

/** `"workspaceId" = $1 AND (…)…`, each fragment's values appended to `values`. */
function conditionsOf(where: readonly SqlFragment[] | undefined, values: unknown[]): string {
  const conditions = [`"workspaceId" = $1`];
  for (const fragment of where ?? []) {
    const rendered = renderFragment(fragment, values.length + 1);
    conditions.push(`(${rendered.text})`);
    values.push(...rendered.values);
  }
  return conditions.join(" AND ");
}

export function selectRowsStatement(query: SelectRowsQuery, workspaceId: string): { text: string; values: unknown[] } {
  const values: unknown[] = [workspaceId];
  let from = tableOf(query.from);
  let columns = query.columns;
  if (query.searchHits) {
    // How many matched rides along on every row; an empty page asks separately.
    from = `(SELECT *, (count(*) OVER ())::int AS "searchHits" FROM ${searchHitsSource(query.from, query.searchHits, values)}) AS ${from}`;
    columns += `, "searchHits"`;
  }
  const conditions = conditionsOf(query.where, values);
  values.push(query.limit);
  return {
    text: `SELECT ${columns} FROM ${from} WHERE ${conditions}${query.orderBy ? ` ORDER BY ${query.orderBy}` : ""} LIMIT $${values.length}`,
    values,
  };
}

export function countRowsStatement(from: TenantModel, wheres: readonly (readonly SqlFragment[])[], cap: number, workspaceId: string, searchHits?: SearchHits) {
  const values: unknown[] = [workspaceId];
  let source = tableOf(from);
  let prefix = "";
  const counts: string[] = [];
  if (searchHits) {
    prefix = `WITH hits AS MATERIALIZED (SELECT * FROM ${searchHitsSource(from, searchHits, values)}) `;
    source = `hits AS ${source}`;
    counts.push(`(SELECT count(*)::int FROM hits)`);
  }
  for (const where of wheres) {
    const conditions = conditionsOf(where, values);
    values.push(cap + 1);
    counts.push(`(SELECT count(*)::int FROM (SELECT 1 FROM ${source} WHERE ${conditions} LIMIT $${values.length}) AS capped)`);
  }
  return { text: `${prefix}SELECT ARRAY[${counts.join(", ")}] AS n`, values };
}

/** How many posts a search matches (capped at cap + 1), for an empty page of `selectRowsStatement`. */
export function countSearchHitsStatement(hits: SearchHits, workspaceId: string): { text: string; values: unknown[] } {
  const values: unknown[] = [workspaceId];
  return { text: `SELECT count(*)::int AS n FROM ${searchHitsSource("post", hits, values)}`, values };
}

/**
 * How the values of one column of a bulk insert are sent: a PostgreSQL type (an enum's quoted
 * name, `"PostStatus"`, included), or `text[]` for a column of text arrays, each row's array sent
 * as JSON text (one parameter cannot carry arrays of unequal lengths).
 */
export type BulkColumnType = "text" | "integer" | "boolean" | "timestamptz" | "text[]" | `"${string}"`;

/**
 * Many rows of one tenant table in one statement, each column's values as one array parameter
 * (`INSERT … SELECT … FROM unnest(…)`): a few parameters however many rows, where a multi-row
 * VALUES list needs one per cell and is parsed and planned afresh for every row count.
 */
export interface InsertRowsQuery {
  into: TenantModel;
  /** Column name → how its values are sent, in the order of each row's values. */
  columns: Readonly<Record<string, BulkColumnType>>;
  /** Columns set to the same constant SQL for every row (`now()`), never built from input. */
  constants?: Readonly<Record<string, string>>;
  /** Constant SQL for a column's null values (`now()` for a missing `createdAt`). */
  defaults?: Readonly<Record<string, string>>;
  rows: readonly (readonly unknown[])[];
  /** ON CONFLICT DO NOTHING: a row whose key is taken is left out, not an error. */
  skipDuplicates?: boolean;
  /** RETURNING list (a constant): the inserted rows come back with these columns. */
  returning?: string;
}

export function insertRowsStatement(query: InsertRowsQuery, workspaceId: string): { text: string; values: unknown[] } {
  const names = Object.keys(query.columns);
  const values: unknown[] = [workspaceId];
  const arrays = names.map((): unknown[] => new Array(query.rows.length));
  query.rows.forEach((row, r) => {
    for (let c = 0; c < names.length; c += 1) {
      const value = row[c];
      arrays[c]![r] = query.columns[names[c]!] === "text[]" ? JSON.stringify(value ?? []) : (value ?? null);
    }
  });
  const sources: string[] = [];
  const selects: string[] = [];
  names.forEach((name, c) => {
    const type = query.columns[name]!;
    values.push(arrays[c]);
    // An enum's array goes as text[] and is cast in the statement: embedded PGlite sends an array
    // of a type it does not know (an enum's) as its items joined by commas, which is no array.
    sources.push(type.startsWith('"') ? `$${values.length}::text[]::${type}[]` : `$${values.length}::${type === "text[]" ? "text" : type}[]`);
    const value = type === "text[]" ? `ARRAY(SELECT jsonb_array_elements_text(r."${name}"::jsonb))` : `r."${name}"`;
    const fallback = query.defaults?.[name];
    selects.push(fallback ? `coalesce(${value}, ${fallback})` : value);
  });
  const constants = Object.entries(query.constants ?? {});
  const columns = [`"workspaceId"`, ...names.map((name) => `"${name}"`), ...constants.map(([name]) => `"${name}"`)].join(", ");
  const select = [`$1`, ...selects, ...constants.map(([, sql]) => sql)].join(", ");
  const alias = names.map((name) => `"${name}"`).join(", ");
  return {
    text:
      `INSERT INTO ${tableOf(query.into)} (${columns}) SELECT ${select} FROM unnest(${sources.join(", ")}) AS r(${alias})` +
      `${query.skipDuplicates ? " ON CONFLICT DO NOTHING" : ""}${query.returning ? ` RETURNING ${query.returning}` : ""}`,
    values,
  };
}

/**
 * How a transaction holds its workspace's row: `exclusive`, one such transaction at a time per
 * workspace; `shared`, any number side by side, while the row itself (its plan) cannot change.
 */
export type WorkspaceLock = "exclusive" | "shared";

/** Locks the workspace's row for the rest of the transaction and reads its plan; no row when it is gone. */
export function lockWorkspaceRow(tx: Prisma.TransactionClient, workspaceId: string, lock: WorkspaceLock = "exclusive"): Promise<{ plan: Plan }[]> {
  return lock === "shared"
    ? tx.$queryRaw<{ plan: Plan }[]>`SELECT plan FROM "Workspace" WHERE id = ${workspaceId} FOR SHARE`
    : tx.$queryRaw<{ plan: Plan }[]>`SELECT plan FROM "Workspace" WHERE id = ${workspaceId} FOR NO KEY UPDATE`;
}
