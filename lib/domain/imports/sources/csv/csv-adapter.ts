import { z } from "zod";
import type { ImportAdapter, SourceInput } from "../../adapter";
import { csvRows } from "../../csv-rows";
import type { SourceItem } from "../../records";
import { ImportSourceError } from "../../source-error";
import { POST_STATUS_NAMES, PostRowReader } from "./post-rows";

// Any spreadsheet of posts: the admin says which column holds what (only the title is required)
// and which of their status names is which of ours.

const column = z.string().trim().min(1).max(200).optional();

export const csvOptions = z.strictObject({
  columns: z.strictObject({
    title: z.string().trim().min(1, "Name the column that holds each post's title.").max(200),
    id: column,
    details: column,
    status: column,
    votes: column,
    authorEmail: column,
    authorName: column,
    createdAt: column,
    tags: column,
    board: column,
  }),
  statuses: z.record(z.string().max(100), z.enum(POST_STATUS_NAMES as [string, ...string[]])).default({}),
  defaultBoard: z.string().trim().min(1).max(80).default("Imported"),
});
type CsvOptions = z.infer<typeof csvOptions>;

const FILE = "the CSV";

async function* read(input: SourceInput<CsvOptions>): AsyncGenerator<SourceItem> {
  if (!input.file) throw new ImportSourceError("upload", "no file was uploaded.");
  const { columns, defaultBoard } = input.options;
  const statuses = Object.fromEntries(Object.entries(input.options.statuses).map(([name, ours]) => [name.trim().toLowerCase(), ours])) as never;
  const required = Object.values(columns).filter((name): name is string => Boolean(name));
  const reader = new PostRowReader({ source: "csv", file: FILE, columns, statuses, defaultBoard });
  for await (const row of csvRows(FILE, input.file(), required)) yield* reader.read(row);
  yield* reader.votes();
}

export const csvAdapter: ImportAdapter<CsvOptions> = {
  source: "csv",
  label: "A CSV of posts",
  options: csvOptions,
  needsFile: true,
  async validate(input) {
    // The header and the first row: the columns named exist, the text is readable.
    for await (const item of read(input)) {
      void item;
      break;
    }
  },
  read,
};
