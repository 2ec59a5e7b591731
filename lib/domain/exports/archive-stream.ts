import { Zip, ZipDeflate } from "fflate";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { ARCHIVE_TABLES, type ArchiveManifest } from "./archive-format";
import { readInPages } from "./read-in-pages";

const encoder = new TextEncoder();
// Fast deflate: JSON compresses well at level 1 already, and the export is bound by the rows it can
// read and compress per second.
const LEVEL = 1;

/**
 * The archive's bytes as they are made: each page of rows is compressed into the zip and handed on
 * before the next page is read, so memory holds about one page whatever the workspace's size.
 */
export async function* archiveBytes(db: ScopedDb, manifest: ArchiveManifest, workspace: object): AsyncGenerator<Uint8Array> {
  let out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else out.push(data);
  });
  const drain = () => {
    if (failure) throw failure;
    const ready = out;
    out = [];
    return ready;
  };
  const addWhole = (name: string, value: unknown) => {
    const entry = new ZipDeflate(name, { level: LEVEL });
    zip.add(entry);
    entry.push(encoder.encode(`${JSON.stringify(value, null, 2)}\n`), true);
  };
  addWhole("manifest.json", manifest);
  addWhole("workspace.json", workspace);
  yield* drain();
  for (const table of ARCHIVE_TABLES) {
    const entry = new ZipDeflate(table.file, { level: LEVEL });
    zip.add(entry);
    for await (const rows of readInPages(db, table)) {
      let text = "";
      for (const row of rows) text += `${JSON.stringify(row)}\n`;
      entry.push(encoder.encode(text));
      yield* drain();
    }
    entry.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** A web stream that reads the generator only as fast as the client takes the bytes. */
export function pullStream(source: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}
