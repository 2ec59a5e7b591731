import { z } from "zod";
import type { SqlFragment } from "@/lib/platform/core/sql-fragment";
import { DomainError } from "./errors";

// Keyset pagination: a page is "rows after this (sort value, id)", so rows inserted
// while a client walks the list never shift what it has not seen yet. The cursor is opaque
// (base64url JSON) and remembers which sort it belongs to.

export const limitSchema = z
  .string()
  .regex(/^\d+$/, "limit must be a whole number from 1 to 100.")
  .transform(Number)
  .pipe(z.number().int().min(1, "limit must be at least 1.").max(100, "limit must be at most 100."))
  .optional()
  .default(20)
  .meta({
    description: "Page size.",
    // A query string carries text; what the text must say is a whole number from 1 to 100.
    override: ({ jsonSchema }) => {
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: 100, default: 20 });
    },
  });

// The shape of a cursor we wrote, checked when the query is parsed: before any cache lookup, so a
// made-up cursor is a 400 and never a new entry in the public answer cache (a crafted cursor must not grow the cache).
const CURSOR_KEYS = ["id", "s", "v"];
function isCursorShaped(cursor: string): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return false;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return false;
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return false;
  const { s, v, id } = payload as Record<string, unknown>;
  return (
    Object.keys(payload).sort().join() === CURSOR_KEYS.join() &&
    typeof s === "string" && /^[a-z-]{1,32}$/.test(s) &&
    typeof id === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(id) &&
    ((typeof v === "string" && v.length <= 40) || (typeof v === "number" && Number.isFinite(v)))
  );
}

export const cursorSchema = z
  .string()
  .max(512, "cursor is not valid.")
  .superRefine((cursor, context) => {
    if (!isCursorShaped(cursor)) context.addIssue({ code: "custom", message: "cursor is not valid.", params: { code: "invalid_cursor" } });
  })
  .optional()
  .meta({ description: "The `nextCursor` of the previous page (opaque; it belongs to the sort order it came from)." });

export const pageQuery = { limit: limitSchema, cursor: cursorSchema };

// A sync asks only for what changed since its last run. Inclusive, so a row changed in the same
// millisecond as the previous run's answer is seen again rather than missed.
const updatedSinceSchema = z.iso
  .datetime({ offset: true, message: "updatedSince must be a date and time (ISO 8601, e.g. 2026-05-01T09:00:00Z)." })
  .transform((value) => new Date(value))
  .optional()
  .meta({ description: "Only what changed at or after this time (ISO 8601): pass the start of your previous sync to fetch just what changed since." });

/** The query of an API list: a page, and optionally only what changed since a time. */
export const changedPageQuery = { ...pageQuery, updatedSince: updatedSinceSchema };

/** The condition `updatedSince` adds to a list's where (none without it). */
export function changedSince(since: Date | undefined): { updatedAt?: { gte: Date } } {
  return since ? { updatedAt: { gte: since } } : {};
}

export interface SortSpec {
  /** Stable name written into cursors, e.g. "newest". */
  name: string;
  field: string;
  direction: "asc" | "desc";
  kind: "date" | "number";
  /**
   * A computed sort value: the SQL that computes it (a constant of the code, never built from
   * input), read into the row as `field`. Its value must be a whole number (the cursor's kind).
   */
  expression?: string;
}

interface CursorPayload {
  s: string;
  v: string | number;
  id: string;
}

function encodeCursor(payload: CursorPayload): string {
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

function decodeCursor(cursor: string, sort: SortSpec): { value: Date | number; id: string } {
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor("cursor is not valid.");
  }
  if (payload?.s !== sort.name || typeof payload.id !== "string") {
    throw invalidCursor(payload?.s && typeof payload.s === "string" ? "cursor belongs to a different sort order." : "cursor is not valid.");
  }
  // Cursors are ours, but a client can edit one: keep its value inside what the column holds, so
  // an edited cursor is a 400 rather than an out-of-range error from the database.
  if (sort.kind === "date") {
    const date = new Date(String(payload.v));
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) throw invalidCursor("cursor is not valid.");
    return { value: date, id: payload.id };
  }
  if (typeof payload.v !== "number" || !Number.isInteger(payload.v) || Math.abs(payload.v) > 2 ** 31 - 1) {
    throw invalidCursor("cursor is not valid.");
  }
  return { value: payload.v, id: payload.id };
}

function invalidCursor(message: string) {
  return new DomainError("VALIDATION_ERROR", "The query string is not valid.", [{ path: "cursor", message, code: "invalid_cursor" }]);
}

/** Prisma `where`, `orderBy` and `take` for one page (one extra row tells whether more follow). */
export function keysetArgs(sort: SortSpec, cursor: string | undefined, limit: number) {
  const orderBy = [{ [sort.field]: sort.direction }, { id: sort.direction }];
  const take = limit + 1;
  if (!cursor) return { where: {}, orderBy, take };
  const { value, id } = decodeCursor(cursor, sort);
  const beyond = sort.direction === "desc" ? "lt" : "gt";
  return {
    where: { OR: [{ [sort.field]: { [beyond]: value } }, { [sort.field]: value, id: { [beyond]: id } }] },
    orderBy,
    take,
  };
}

/** The same page for ScopedDb.$selectRows: a keyset condition, the ORDER BY list and the LIMIT. */
export function keysetSql(sort: SortSpec, cursor: string | undefined, limit: number) {
  const column = sort.expression ? `(${sort.expression})` : `"${sort.field}"`;
  const direction = sort.direction === "desc" ? "DESC" : "ASC";
  const orderBy = `${column} ${direction}, id ${direction}`;
  const take = limit + 1;
  if (!cursor) return { where: [] as SqlFragment[], orderBy, take };
  const { value, id } = decodeCursor(cursor, sort);
  const beyond = sort.direction === "desc" ? "<" : ">";
  // The OR form, not a row comparison: it is what the keyset indexes are checked against
  // (tests/plans/query-plans.test.ts).
  const after: SqlFragment = {
    strings: [`${column} ${beyond} `, ` OR (${column} = `, ` AND id ${beyond} `, ")"],
    values: [value, value, id],
  };
  return { where: [after], orderBy, take };
}

export function toPage<Row extends { id: string }, Out>(rows: Row[], sort: SortSpec, limit: number, view: (row: Row) => Out) {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows.at(-1);
  let nextCursor: string | null = null;
  if (hasMore && last) {
    const raw = (last as Record<string, unknown>)[sort.field];
    const value = raw instanceof Date ? raw.toISOString() : (raw as number);
    nextCursor = encodeCursor({ s: sort.name, v: value, id: last.id });
  }
  return { data: pageRows.map(view), pagination: { nextCursor, hasMore } };
}

/** A list query of nothing but a page (the public lists of boards and release notes). */
export const pageOnlyQuery = z.object({ ...pageQuery });
export type PageOnlyQuery = z.output<typeof pageOnlyQuery>;
