import type { z } from "zod";
import type { SourceItem } from "./records";

/** What a source is handed: the admin's options (secrets already opened) and the uploaded file, read afresh each time. */
export interface SourceInput<Options> {
  options: Options;
  /** The uploaded file's bytes, from the start; absent for sources read through an API. */
  file?: () => AsyncIterable<Uint8Array>;
}

/**
 * One source of an import, one folder under sources/. validate answers quickly whether the source
 * can be read at all (the file's header, the API key); read yields every record, parents first,
 * and throws ImportSourceError naming the file position or request that failed. The same read
 * serves the preview and the run, so both see the same rows; a run that stopped reads again from
 * the start, and what was already written is found by its source id and not written twice.
 */
export interface ImportAdapter<Options = unknown> {
  source: string;
  label: string;
  /** The options an admin gives (and the API accepts) for this source. */
  options: z.ZodType<Options>;
  /** Options that must be stored sealed (API keys). */
  secretOptions?: readonly string[];
  needsFile: boolean;
  validate(input: SourceInput<Options>): Promise<void>;
  read(input: SourceInput<Options>): AsyncIterable<SourceItem>;
}
