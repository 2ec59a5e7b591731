import type { Plan } from "@/lib/generated/prisma/client";
import { db, type Db } from "./client";

// The workspace-scoped accessor. Every tenant-owned model is reachable only through a client whose
// every operation is fenced to one workspace: reads and bulk writes get `workspaceId` added to
// their `where`, creates get it set on their data. A handler that forgets a filter still cannot
// see or touch another workspace's rows, because it never holds an unscoped client.
//
// Global models (User, OAuthAccount) are not on the scoped client at all; reach users through a
// tenant relation (membership.user, post.author).

export const TENANT_MODELS = [
  "membership",
  "invitation",
  "apiKey",
  "board",
  "post",
  "vote",
  "comment",
  "roadmapItem",
  "releaseNote",
  "statusComponent",
  "incident",
  "incidentUpdate",
  "incidentComponent",
  "todoList",
  "todoItem",
] as const;
type TenantModel = (typeof TENANT_MODELS)[number];

const TENANT_MODEL_NAMES = new Set<string>(TENANT_MODELS.map((name) => name[0]!.toUpperCase() + name.slice(1)));

const WHERE_OPERATIONS = new Set([
  "findUnique", "findUniqueOrThrow", "findFirst", "findFirstOrThrow", "findMany", "count", "aggregate",
  "groupBy", "update", "updateMany", "updateManyAndReturn", "delete", "deleteMany", "upsert",
]);
const DATA_OPERATIONS = new Set(["create", "createMany", "createManyAndReturn"]);

type Args = Record<string, unknown>;

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

function scopedExtension(client: Db, workspaceId: string) {
  return client.$extends({
    name: "workspace-scope",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          if (!TENANT_MODEL_NAMES.has(model)) {
            throw new Error(`${model} is not workspace-scoped; reach it through a tenant relation.`);
          }
          return query(fenceArgs(operation, (args ?? {}) as Args, workspaceId) as typeof args);
        },
      },
    },
  });
}

type Extended = ReturnType<typeof scopedExtension>;
// Inside a transaction the extended client offers the same fenced models.
export type ScopedTx = Pick<Extended, TenantModel>;

export type ScopedDb = Pick<Extended, TenantModel> & {
  readonly workspaceId: string;
  /** An interactive transaction whose client is fenced to the same workspace. */
  $transaction<T>(fn: (tx: ScopedTx) => Promise<T>): Promise<T>;
  /**
   * A transaction that first locks this workspace's row, so concurrent callers (two creates racing
   * past a plan limit, two requests creating the same todo list) run one after the other. NO KEY
   * UPDATE, so plain inserts elsewhere in the workspace (their foreign-key checks take KEY SHARE)
   * do not wait for it.
   */
  $transactionLocked<T>(fn: (tx: ScopedTx, workspace: { plan: Plan }) => Promise<T>): Promise<T>;
};

function buildScoped(client: Db, workspaceId: string): ScopedDb {
  const extended = scopedExtension(client, workspaceId);
  const scoped = { workspaceId } as Record<string, unknown>;
  for (const model of TENANT_MODELS) scoped[model] = extended[model];
  scoped.$transaction = <T>(fn: (tx: ScopedTx) => Promise<T>) => extended.$transaction((tx) => fn(tx as unknown as ScopedTx));
  scoped.$transactionLocked = <T>(fn: (tx: ScopedTx, workspace: { plan: Plan }) => Promise<T>) =>
    extended.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ plan: Plan }[]>`SELECT plan FROM "Workspace" WHERE id = ${workspaceId} FOR NO KEY UPDATE`;
      if (!rows[0]) throw new Error(`Workspace ${workspaceId} does not exist.`);
      return fn(tx as unknown as ScopedTx, rows[0]);
    });
  return scoped as unknown as ScopedDb;
}

// Extending a client costs more than a query; workspaces are few and long-lived, so each scoped
// client is built once and reused (bounded, least recently used first out).
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
