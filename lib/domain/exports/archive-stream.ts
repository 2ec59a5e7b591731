import { once } from "node:events";
import { createDeflateRaw, crc32 } from "node:zlib";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { ARCHIVE_TABLES, type ArchiveManifest } from "./archive-format";
import { readLinesInPages } from "./read-in-pages";

const encoder = new TextEncoder();
// Fast deflate: JSON compresses well at level 1 already, and the export is bound by the rows it can
// read and compress per second.
const LEVEL = 1;

/**
 * One entry of the zip deflated by Node's zlib as its text arrives: native code on the thread
 * pool, so a large table is compressed while the next page is read and turned into text (fflate's
 * deflate, in JavaScript on this thread, was the export's largest cost). The entry's checksum and
 * size go in the data descriptor after it, as fflate writes it for a streamed entry.
 */
class DeflatedEntry {
  readonly entry: ZipPassThrough;
  private readonly deflate = createDeflateRaw({ level: LEVEL });
  private crc = 0;
  private size = 0;
  private failure: Error | null = null;

  constructor(name: string) {
    this.entry = new ZipPassThrough(name);
    this.entry.compression = 8;
    this.deflate.on("data", (chunk: Buffer) => this.entry.ondata(null, new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength), false));
    this.deflate.on("error", (error) => {
      this.failure = error;
    });
  }

  /** Adds text; waits while zlib is behind, so memory holds about one page however large the table. */
  async write(bytes: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    this.crc = crc32(bytes as Uint8Array<ArrayBuffer>, this.crc);
    this.size += bytes.byteLength;
    if (!this.deflate.write(bytes)) await once(this.deflate, "drain");
  }

  async end(): Promise<void> {
    this.deflate.end();
    if (!this.deflate.readableEnded) await once(this.deflate, "end");
    if (this.failure) throw this.failure;
    this.entry.crc = this.crc >>> 0;
    this.entry.size = this.size;
    this.entry.ondata(null, new Uint8Array(0), true);
  }
}

/**
 * The archive's bytes as they are made: each page of rows is compressed into the zip and handed on
 * as the next page is read, so memory holds about two pages whatever the workspace's size.
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
    const file = new DeflatedEntry(table.file);
    zip.add(file.entry);
    for await (const lines of readLinesInPages(db, table)) {
      await file.write(lines);
      yield* drain();
    }
    await file.end();
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
