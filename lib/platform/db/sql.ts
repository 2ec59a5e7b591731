import type { DatabaseTarget } from "./target";
import { closePglite, openPglite } from "./pglite";

// A plain SQL connection for the tools that run below Prisma (migrations, seeding checks, test
// database setup). One interface over `pg` and PGlite so each tool is written once.
export interface SqlConnection {
  readonly kind: DatabaseTarget["kind"];
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a multi-statement script (no parameters). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function openSql(target: DatabaseTarget): Promise<SqlConnection> {
  if (target.kind === "pglite") {
    const pglite = await openPglite(target.dataDir);
    return {
      kind: "pglite",
      async query<T>(sql: string, params?: unknown[]) {
        return (await pglite.query<T>(sql, params)).rows;
      },
      async exec(sql: string) {
        await pglite.exec(sql);
      },
      close: () => closePglite(target.dataDir),
    };
  }
  const { default: pg } = await import("pg");
  // A single client, not a pool: session-level state (advisory locks, transactions) must stay on
  // one connection.
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  return {
    kind: "postgres",
    async query<T>(sql: string, params?: unknown[]) {
      return (await client.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    close: () => client.end(),
  };
}
