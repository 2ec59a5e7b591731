import { z } from "zod";
import type { ImportAdapter, SourceInput } from "../../adapter";
import type { SourceItem } from "../../records";
import { ImportSourceError } from "../../source-error";
import { fiderBackup } from "./fider-backup";
import { fiderPostsCsv } from "./fider-posts-csv";

// Fider: its backup (a zip, with voters and comments) or its posts CSV (counts only); which one is
// told by the file's first bytes.

async function* withFirst(first: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

async function* read(input: SourceInput<Record<string, never>>): AsyncGenerator<SourceItem> {
  if (!input.file) throw new ImportSourceError("upload", "no file was uploaded.");
  const iterator = input.file()[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new ImportSourceError("upload", "the file is empty.");
  const bytes = withFirst(first.value, iterator);
  const isZip = first.value[0] === 0x50 && first.value[1] === 0x4b;
  yield* isZip ? fiderBackup(bytes) : fiderPostsCsv(bytes);
}

export const fiderAdapter: ImportAdapter<Record<string, never>> = {
  source: "fider",
  label: "Fider (backup .zip or posts .csv)",
  options: z.strictObject({}) as unknown as z.ZodType<Record<string, never>>,
  needsFile: true,
  async validate(input) {
    for await (const item of read(input)) {
      void item;
      break;
    }
  },
  read,
};
