import type { ScopedDb } from "@/lib/platform/db/scoped";
import { sqlFragment } from "@/lib/platform/core/sql-fragment";
import type { ArchiveTable } from "./archive-format";

const PAGE = 5_000;
// Archive lines, one short string a row. Pages small enough to die young: with 10,000 rows, a page
// and the next one asked for ahead were alive at nearly every scavenge, so every page went to the
// old generation as garbage, and the heap grew with the table until V8's first full collection
// (+147 MiB resident over 300,000 posts; +31 MiB with 2,000 rows, for 2.1 against 1.6 s of CPU).
const LINE_PAGE = 2_000;

/**
 * Every row of one table of the workspace, a page at a time in id order (a keyset cursor): memory
 * holds about two pages whatever the table's size (the next page is asked for as this one is
 * handed on, so the database reads while the caller works), and rows written meanwhile do not
 * shift the pages.
 */
async function* pages<T extends { id: string }>(db: ScopedDb, table: ArchiveTable, columns: string, size: number): AsyncGenerator<T[]> {
  const read = (after: string) =>
    db.$selectRows<T>({ from: table.from, columns, where: [sqlFragment`id > ${after}`], orderBy: "id", limit: size });
  let next: Promise<T[]> | null = read("");
  while (next) {
    const rows: T[] = await next;
    next = rows.length === size ? read(rows[rows.length - 1]!.id) : null;
    // A page asked for ahead and then not awaited (the caller stopped early) must not fail unhandled.
    next?.catch(() => {});
    if (rows.length > 0) yield rows;
  }
}

export function readInPages(db: ScopedDb, table: ArchiveTable): AsyncGenerator<(Record<string, unknown> & { id: string })[]> {
  return pages(db, table, table.columns, PAGE);
}

/**
 * The table's archive lines (archive-format.ts), a page's worth at a time as UTF-8 bytes, each row
 * turned into its JSON line by the database: no row objects, dates or JSON.stringify here. The
 * bytes are written line by line into one buffer rather than joined into one string first: a
 * page-sized string lives in V8's heap until a full collection, a buffer's bytes go with its
 * small handle at the next minor one.
 */
export async function* readLinesInPages(db: ScopedDb, table: ArchiveTable): AsyncGenerator<Buffer> {
  const columns = `id, (SELECT row_to_json(r)::text FROM (SELECT ${table.columns}) AS r) AS line`;
  for await (const rows of pages<{ id: string; line: string }>(db, table, columns, LINE_PAGE)) {
    let size = 0;
    for (const row of rows) size += Buffer.byteLength(row.line) + 1;
    const bytes = Buffer.allocUnsafe(size);
    let offset = 0;
    for (const row of rows) {
      offset += bytes.write(row.line, offset);
      bytes[offset++] = 0x0a;
    }
    yield bytes;
  }
}
