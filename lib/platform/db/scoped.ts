import { DomainError } from "@/lib/platform/core/errors";
import type { Plan } from "@/lib/generated/prisma/client";
import { db, hotQuery, type Db } from "./client";
import {
  countRowsStatement,
  countSearchHitsStatement,
  insertRowsStatement,
  lockWorkspaceRow,
  type InsertRowsQuery,
  type WorkspaceLock,
  selectRowsStatement,
  type SearchHits,
  type SelectRowsQuery,
} from "./scoped-statements";
import type { SqlFragment } from "@/lib/platform/core/sql-fragment";
import { forgetRecentQueryArguments } from "./query-history";
import { TENANT_MODELS, type TenantModel } from "./tenant-models";

// The workspace-scoped accessor. Every tenant-owned model is reachable only through a client whose
// every operation is fenced to one workspace: reads and bulk writes get `workspaceId` added to
// their `where`, creates get it set on their data. A handler that forgets a filter still cannot
// see or touch another workspace's rows, because it never holds an unscoped client.
//
// Global models (User, OAuthAccount) are not on the scoped client at all; reach users through a
// tenant relation (membership.user, post.author).
//
// The SQL of the raw reads ($selectRows, $countRows) and of the workspace lock is written in
// scoped-statements.ts; this file only fences and runs it.

const WHERE_OPERATIONS = new Set([
  "findUnique", "findUniqueOrThrow", "findFirst", "findFirstOrThrow", "findMany", "count", "aggregate",
  "groupBy", "update", "updateMany", "updateManyAndReturn", "delete", "deleteMany", "upsert",
]);
const DATA_OPERATIONS = new Set(["create", "createMany", "createManyAndReturn"]);
const OPERATIONS = [...WHERE_OPERATIONS, ...DATA_OPERATIONS];

type Args = Record<string, unknown>;

export const WORKSPACE_GONE = "This workspace no longer exists, or you are no longer a member of it.";

function fenceArgs(operation: string, args: Args, workspaceId: string): Args {
  const fenced: Args = { ...args };
  if (WHERE_OPERATIONS.has(operation)) fenced.where = { ...(args.where as Args | undefined), workspaceId };
  if (operation === "upsert") fenced.create = { ...(args.create as Args), workspaceId };
  if (DATA_OPERATIONS.has(operation)) {
    const data = args.data;
    fenced.data = Array.isArray(data) ? data.map((row: Args) => ({ ...row, workspaceId })) : { ...(data as Args), workspaceId };
  }
  return fenced;
}

// A client or an interactive transaction's client: both carry the same model delegates.
type ModelSource = Pick<Db, TenantModel>;
type Delegate = Record<string, (args?: Args) => unknown>;

/**
 * The tenant models of `source`, each offering exactly the operations above, every one of them
 * fenced to the workspace. Plain wrappers rather than a Prisma `$extends` query extension: the
 * extension re-enters Prisma's extension machinery on every call, which cost ~0.1 ms of CPU per
 * query (measured on the posts page query, ~8% of it); a wrapper costs one object spread. Anything
 * not listed (raw queries, other models, `$extends`) is simply not there.
 */
function fenceModels(source: ModelSource, workspaceId: string): ScopedTx {
  const models: Record<string, Readonly<Delegate>> = {};
  for (const model of TENANT_MODELS) {
    const delegate = source[model] as unknown as Delegate;
    const fenced: Delegate = {};
    for (const operation of OPERATIONS) {
      fenced[operation] = (args?: Args) => delegate[operation]!(fenceArgs(operation, args ?? {}, workspaceId));
    }
    models[model] = Object.freeze(fenced);
  }
  return models as unknown as ScopedTx;
}

// Inside a transaction the scoped accessor offers the same fenced models.
export type ScopedTx = Pick<Db, TenantModel>;

/** One raw statement on a transaction's own connection, in pg-boss's `executeSql` shape. */
export interface TransactionSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

type RawClient = Pick<Db, "$queryRawUnsafe">;
type RunRaw = <T>(text: string, values: unknown[]) => Promise<T[]>;
const RUN_RAW = Symbol("runRaw");
const TRANSACTION_SQL = Symbol("transactionSql");
// The transaction's own client and workspace, for insertRows: hidden, like TRANSACTION_SQL.
const TRANSACTION_RAW = Symbol("transactionRaw");

// Prisma binds parameters by their JavaScript type; pg-boss hands objects for jsonb columns and
// numbers for int ones, which PostgreSQL casts from text where the statement says so.
function sqlParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === "object" && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}

function sqlOn(client: RawClient): TransactionSql {
  return {
    async executeSql(text, values = []) {
      return { rows: await client.$queryRawUnsafe<unknown[]>(text, ...values.map(sqlParameter)) };
    },
  };
}

/**
 * The statement runner of a transaction, scoped or not, for the job queue only
 * (lib/platform/jobs/enqueue-job.ts): a job inserted through it commits or rolls back with the change. The
 * scoped accessor offers no raw queries to the domain; this is the one narrow way through.
 */
export function transactionSql(tx: ScopedTx | RawClient): TransactionSql {
  const carried = (tx as { [TRANSACTION_SQL]?: TransactionSql })[TRANSACTION_SQL];
  if (carried) return carried;
  if (typeof (tx as RawClient).$queryRawUnsafe === "function") return sqlOn(tx as RawClient);
  throw new Error("transactionSql needs a transaction's client");
}

function fencedTransaction(tx: Db, workspaceId: string): ScopedTx {
  const fenced = fenceModels(tx, workspaceId) as ScopedTx & { [TRANSACTION_SQL]?: TransactionSql };
  Object.defineProperty(fenced, TRANSACTION_SQL, { value: sqlOn(tx), enumerable: false });
  Object.defineProperty(fenced, TRANSACTION_RAW, { value: { client: tx, workspaceId }, enumerable: false });
  return fenced;
}

/**
 * Inserts many rows of one tenant table in one statement (insertRowsStatement), in a scoped
 * transaction or on the scoped accessor, with the workspace set by the accessor exactly as a
 * fenced createMany sets it. For bulk writes (an import's batches) where createMany's one
 * parameter per cell, and its parsing and planning per row count, are the cost. Answers the rows
 * of `returning`, or without it how many rows were inserted.
 */
export async function insertRows<T = never>(on: ScopedTx | ScopedDb, query: InsertRowsQuery & { returning: string }): Promise<T[]>;
export async function insertRows(on: ScopedTx | ScopedDb, query: InsertRowsQuery & { returning?: undefined }): Promise<number>;
export async function insertRows<T>(on: ScopedTx | ScopedDb, query: InsertRowsQuery): Promise<T[] | number> {
  if (query.rows.length === 0) return query.returning ? [] : 0;
  const raw = (on as { [TRANSACTION_RAW]?: { client: RawClient; workspaceId: string } })[TRANSACTION_RAW];
  const workspaceId = raw?.workspaceId ?? (on as ScopedDb).workspaceId;
  if (!workspaceId) throw new Error("insertRows needs a scoped accessor or one of its transactions");
  const statement = insertRowsStatement(query, workspaceId);
  const text = query.returning ? statement.text : `WITH inserted AS (${statement.text} RETURNING 1) SELECT count(*)::int AS n FROM inserted`;
  const rows = raw ? await raw.client.$queryRawUnsafe<(T & { n: number })[]>(text, ...statement.values) : await (on as ScopedDb & { [RUN_RAW]: RunRaw })[RUN_RAW]<T & { n: number }>(text, statement.values);
  // Its parameters are the rows themselves: not kept alive by Prisma's debug histories.
  forgetRecentQueryArguments();
  return query.returning ? rows : rows[0]!.n;
}

/** Prisma's limits of an interactive transaction, and optionally the statement timeout inside it. */
export interface TransactionOptions {
  timeout?: number;
  maxWait?: number;
  /**
   * Milliseconds a statement of this transaction may run, in place of the pool's limit (which is
   * for requests): for a background job's bulk statement that a busy database may take longer on.
   */
  statementTimeout?: number;
}

export type ScopedDb = ScopedTx & {
  readonly workspaceId: string;
  /** An interactive transaction whose client is fenced to the same workspace; `options` as Prisma's (a long batch's timeout). */
  $transaction<T>(fn: (tx: ScopedTx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * A transaction that first locks this workspace's row, so concurrent callers (two creates racing
   * past a plan limit, two requests creating the same todo list) run one after the other. NO KEY
   * UPDATE, so plain inserts elsewhere in the workspace (their foreign-key checks take KEY SHARE)
   * do not wait for it. With `lock: "shared"`, callers run side by side and only a change to the
   * workspace's row (its plan) waits for them, and they for it.
   */
  $transactionLocked<T>(fn: (tx: ScopedTx, workspace: { plan: Plan }) => Promise<T>, lock?: WorkspaceLock): Promise<T>;
  /**
   * Rows of one tenant table by plain SQL, for a read so hot that Prisma's per-query cost shows
   * (the posts list: ~0.3 ms of CPU per findMany against ~0.1 ms for the same statement on the
   * pool). The accessor writes the FROM and the workspace predicate itself; callers bring only
   * parameterised conditions, so this read is fenced exactly like the model delegates.
   */
  $selectRows<T>(query: SelectRowsQuery & { searchHits?: undefined }): Promise<T[]>;
  /** With `searchHits`: null when more than `searchHits.cap` posts match (read them by predicate instead). */
  $selectRows<T>(query: SelectRowsQuery & { searchHits: SearchHits }): Promise<T[] | null>;
  /**
   * How many rows of one tenant table match each list of conditions, counting no further than
   * `cap` (cap + 1 means "more"): counts that stop walking an index there instead of reading every
   * matching row. One statement, one count per list, in order. With `searchHits`, among a
   * search's matches only, and null when more than `searchHits.cap` posts match.
   */
  $countRows(from: TenantModel, wheres: readonly (readonly SqlFragment[])[], cap: number): Promise<number[]>;
  $countRows(from: TenantModel, wheres: readonly (readonly SqlFragment[])[], cap: number, searchHits: SearchHits): Promise<number[] | null>;
};

function buildScoped(client: Db, workspaceId: string): ScopedDb {
  const scoped = { ...fenceModels(client, workspaceId), workspaceId } as Record<string, unknown>;
  scoped.$transaction = <T>(fn: (tx: ScopedTx) => Promise<T>, options?: TransactionOptions) => {
    if (!options?.statementTimeout) return client.$transaction((tx) => fn(fencedTransaction(tx as Db, workspaceId)), options);
    const { statementTimeout, ...limits } = options;
    return client.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(statementTimeout))}`);
      return fn(fencedTransaction(tx as Db, workspaceId));
    }, limits);
  };
  scoped.$transactionLocked = <T>(fn: (tx: ScopedTx, workspace: { plan: Plan }) => Promise<T>, lock: WorkspaceLock = "exclusive") =>
    client.$transaction(async (tx) => {
      const rows = await lockWorkspaceRow(tx, workspaceId, lock);
      // Deleted since the caller's actor was read (another tab, another owner): the same answer as
      // any other workspace the caller cannot reach, not a 500.
      if (!rows[0]) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
      return fn(fencedTransaction(tx as Db, workspaceId), rows[0]);
    });
  const query = <T>(text: string, values: unknown[]) => (client === db ? hotQuery<T>(text, values) : client.$queryRawUnsafe<T[]>(text, ...values));
  Object.defineProperty(scoped, RUN_RAW, { value: query, enumerable: false });
  // Named function expressions: React's lint rule takes an anonymous function that may return
  // null for a component.
  scoped.$selectRows = async function selectRows<T>(select: SelectRowsQuery) {
    const { text, values } = selectRowsStatement(select, workspaceId);
    const rows = await query<T & { searchHits?: number }>(text, values);
    if (!select.searchHits) return rows;
    const hits = rows[0]?.searchHits ?? (await countSearchHits(select.searchHits));
    if (hits > select.searchHits.cap) return null;
    for (const row of rows) delete row.searchHits;
    return rows;
  };
  const countSearchHits = async (hits: SearchHits) => {
    const { text, values } = countSearchHitsStatement(hits, workspaceId);
    const [row] = await query<{ n: number }>(text, values);
    return row!.n;
  };
  scoped.$countRows = async function countRows(from: TenantModel, wheres: readonly (readonly SqlFragment[])[], cap: number, searchHits?: SearchHits) {
    const { text, values } = countRowsStatement(from, wheres, cap, workspaceId, searchHits);
    const n = (await query<{ n: number[] }>(text, values))[0]!.n;
    if (!searchHits) return n;
    const [hits, ...counts] = n;
    return hits! > searchHits.cap ? null : counts;
  };
  return Object.freeze(scoped) as unknown as ScopedDb;
}

// Workspaces are few and long-lived, so each scoped accessor is built once and reused (bounded,
// least recently used first out).
const CACHE_LIMIT = 500;
const cache = new Map<string, ScopedDb>();

export function scopedDb(workspaceId: string, client: Db = db): ScopedDb {
  if (client !== db) return buildScoped(client, workspaceId);
  const cached = cache.get(workspaceId);
  if (cached) {
    cache.delete(workspaceId);
    cache.set(workspaceId, cached);
    return cached;
  }
  const scoped = buildScoped(client, workspaceId);
  cache.set(workspaceId, scoped);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return scoped;
}
