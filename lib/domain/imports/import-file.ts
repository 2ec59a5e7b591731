import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb } from "@/lib/platform/db/scoped";

// An import's uploaded file, kept in the database in pieces so that whichever process's worker
// runs the job can read it, and read it again from the start when a run resumes.

const PIECE = 1024 * 1024;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

/** Stores the stream's bytes for `importId`; refuses past `maxBytes` (nothing of it is kept). */
export async function storeImportFile(db: ScopedDb, importId: string, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<number> {
  let seq = 0;
  let total = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const save = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.importFileChunk.create({ data: { importId, seq, data } as never });
    seq += 1;
  };
  try {
    for await (const chunk of body) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new DomainError("PAYLOAD_TOO_LARGE", `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB.`);
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= PIECE) await save();
    }
    await save();
  } catch (error) {
    await db.importFileChunk.deleteMany({ where: { importId } });
    throw error;
  }
  return total;
}

/** The stored file, piece by piece, from the start. */
export async function* readImportFile(db: ScopedDb, importId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq += 1) {
    const piece = await db.importFileChunk.findUnique({ where: { importId_seq: { importId, seq } }, select: { data: true } });
    if (!piece) return;
    yield new Uint8Array(piece.data);
  }
}
