import type { ScopedDb } from "@/lib/platform/db/scoped";
import { sqlFragment } from "@/lib/platform/core/sql-fragment";
import type { ArchiveTable } from "./archive-format";

const PAGE = 5_000;

/**
 * Every row of one table of the workspace, a page at a time in id order (a keyset cursor): memory
 * holds one page whatever the table's size, and rows written meanwhile do not shift the pages.
 */
export async function* readInPages(db: ScopedDb, table: ArchiveTable): AsyncGenerator<Record<string, unknown>[]> {
  let after = "";
  for (;;) {
    const rows = await db.$selectRows<Record<string, unknown> & { id: string }>({
      from: table.from,
      columns: table.columns,
      where: [sqlFragment`id > ${after}`],
      orderBy: "id",
      limit: PAGE,
    });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}
