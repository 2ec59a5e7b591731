import { Unzip, UnzipInflate } from "fflate";

// Reads a zip archive as it arrives, entry by entry and line by line, without holding an entry (or
// the archive) in memory. Whatever the archive claims about sizes is not trusted: the bytes that
// actually come out of the decompressor are counted, so an archive that inflates past its bounds
// (a zip bomb) is stopped within a few KiB of input after crossing them.

export interface ZipLimits {
  /** Entries the archive may hold. */
  maxEntries: number;
  /** Bytes all entries may inflate to, together. */
  maxTotalBytes: number;
  /** Longest line of any entry. */
  maxLineBytes: number;
}

export interface ZipLine {
  /** The entry's name inside the archive. */
  file: string;
  /** 1-based. */
  line: number;
  text: string;
}

/** The archive could not be read; the message names the entry (and line) where that was found. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
// Input is handed to the decompressor this much at a time, so one push cannot inflate to more than
// about a thousand times as much before the limits are looked at again.
const STEP = 16 * 1024;

export async function* zipLines(chunks: AsyncIterable<Uint8Array>, limits: ZipLimits): AsyncGenerator<ZipLine> {
  let failure: Error | null = null;
  let entries = 0;
  let total = 0;
  let pending: ZipLine[] = [];
  const fail = (message: string) => {
    failure ??= new ArchiveError(message);
  };
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > limits.maxEntries) return fail(`The archive holds more than ${limits.maxEntries} entries.`);
    if (file.compression !== 0 && file.compression !== 8) return fail(`${file.name}: compression method ${file.compression} is not supported (stored or deflate only).`);
    const decoder = new TextDecoder("utf-8", { fatal: true });
    let rest = "";
    let line = 0;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) return fail(`${file.name}: ${error.message}`);
      total += data.byteLength;
      if (total > limits.maxTotalBytes) {
        file.terminate();
        return fail(`The archive inflates to more than ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MiB; refused.`);
      }
      let text: string;
      try {
        text = rest + decoder.decode(data, { stream: !final });
      } catch {
        return fail(`${file.name}, line ${line + 1}: not UTF-8 text.`);
      }
      const parts = text.split("\n");
      rest = final ? "" : parts.pop()!;
      if (rest.length > limits.maxLineBytes) return fail(`${file.name}, line ${line + 1}: longer than ${limits.maxLineBytes} bytes.`);
      for (const part of parts) {
        line += 1;
        const trimmed = part.endsWith("\r") ? part.slice(0, -1) : part;
        if (trimmed.length > limits.maxLineBytes) return fail(`${file.name}, line ${line}: longer than ${limits.maxLineBytes} bytes.`);
        if (trimmed.trim() !== "") pending.push({ file: file.name, line, text: trimmed });
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  let first = true;
  let sawAny = false;
  for await (const chunk of chunks) {
    if (chunk.byteLength === 0) continue;
    if (first) {
      first = false;
      if (chunk.byteLength < 4 || ZIP_MAGIC.some((byte, i) => chunk[i] !== byte)) throw new ArchiveError("The file is not a zip archive.");
    }
    sawAny = true;
    for (let offset = 0; offset < chunk.byteLength; offset += STEP) {
      unzip.push(chunk.subarray(offset, offset + STEP));
      if (failure) throw failure;
      if (pending.length > 0) {
        const lines = pending;
        pending = [];
        yield* lines;
      }
    }
  }
  if (!sawAny) throw new ArchiveError("The file is empty, not a zip archive.");
  unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
  yield* pending;
}
