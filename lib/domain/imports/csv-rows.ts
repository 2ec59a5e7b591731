import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { ImportSourceError } from "./source-error";

// A CSV file as rows keyed by its header, read as it streams: a UTF-8 BOM is dropped, UTF-16 (with
// its BOM) is decoded, Windows line ends and newlines inside quotes are read as such. Anything else
// that is not UTF-8 is refused at the line and column of its first bad byte; so are a row with too
// many or too few cells and a quote left open.

export interface CsvRow {
  /** The line the row starts on (1 is the header). */
  line: number;
  cells: Record<string, string>;
}

function positionOf(text: string): { line: number; column: number } {
  const lines = text.split("\n");
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** The file's text, chunk by chunk, once its encoding is known. */
async function* decoded(file: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let seen = "";
  let carried = 0;
  for await (const chunk of chunks) {
    if (!decoder) {
      const utf16 = chunk[0] === 0xff && chunk[1] === 0xfe ? "utf-16le" : chunk[0] === 0xfe && chunk[1] === 0xff ? "utf-16be" : null;
      decoder = new TextDecoder(utf16 ?? "utf-8", { fatal: true, ignoreBOM: false });
    }
    try {
      const text = decoder.decode(chunk, { stream: true });
      // Only the tail is kept for positions: lines are counted as the text passes.
      carried += (text.match(/\n/g) ?? []).length;
      seen = (seen + text).slice(-4096);
      yield text;
    } catch {
      const partial = new TextDecoder("utf-8").decode(chunk);
      const bad = partial.indexOf("\uFFFD");
      const before = seen + partial.slice(0, Math.max(0, bad));
      const { column } = positionOf(before);
      const line = carried + (partial.slice(0, Math.max(0, bad)).match(/\n/g) ?? []).length + 1;
      throw new ImportSourceError(
        `${file}, line ${line}, column ${column}`,
        "not UTF-8 text (it looks like Windows-1252 or Latin-1); save the file as UTF-8 (“CSV UTF-8” in Excel) and upload it again.",
      );
    }
  }
  if (decoder) {
    const rest = decoder.decode();
    if (rest) yield rest;
  }
}

/** The rows of `file`; `required` names the header cells that must be there. */
export async function* csvRows(file: string, chunks: AsyncIterable<Uint8Array>, required: readonly string[] = []): AsyncGenerator<CsvRow> {
  const source = Readable.from(decoded(file, chunks));
  const parser = source.pipe(parse({ bom: true, columns: (header: string[]) => header.map((name) => name.trim()), skip_empty_lines: true, info: true, max_record_size: 1024 * 1024 }));
  // pipe() does not carry the source's failure (a byte that is not UTF-8) to the parser: it is
  // handed over, so the loop below throws it.
  source.on("error", (error) => parser.destroy(error));
  let previousEnd = 1;
  let checked = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      if (!checked) {
        checked = true;
        const missing = required.filter((name) => !(name in record)).sort();
        if (missing.length) {
          throw new ImportSourceError(`${file}, line 1`, `no column ${missing.map((name) => `“${name}”`).join(", ")} (the header has ${Object.keys(record).map((name) => `“${name}”`).join(", ")}).`);
        }
      }
      // A newline inside quotes is kept as one line end, whatever the file's own.
      for (const key of Object.keys(record)) record[key] = record[key]!.replace(/\r\n?/g, "\n");
      yield { line: previousEnd + 1, cells: record };
      previousEnd = info.lines;
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const detail = error as CsvError & { lines?: number; column?: number | string };
      const column = typeof detail.column === "string" ? `column “${detail.column}”` : typeof detail.column === "number" ? `column ${detail.column + 1}` : null;
      const problem = error.code === "CSV_QUOTE_NOT_CLOSED" ? "a quote is opened and never closed." : error.code.startsWith("CSV_RECORD_INCONSISTENT") ? "this row has a different number of cells than the header." : error.message;
      throw new ImportSourceError([file, `line ${detail.lines ?? "?"}`, column].filter(Boolean).join(", "), problem);
    }
    if (error instanceof ImportSourceError) throw error;
    throw error;
  }
  if (!checked && required.length) throw new ImportSourceError(`${file}, line 1`, "the file is empty: it has no header row.");
}
