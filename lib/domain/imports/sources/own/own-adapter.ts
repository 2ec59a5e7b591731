import { z } from "zod";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION } from "@/lib/domain/exports/archive-format";
import { ArchiveError, zipLines, type ZipLine } from "@/lib/platform/archive/zip-lines";
import type { ImportAdapter, SourceInput } from "../../adapter";
import type { SourceItem } from "../../records";
import { ImportSourceError } from "../../source-error";
import { ROW_READERS } from "./rows";

// This product's own archive (lib/domain/exports): a round trip, ids remapped.

export const ARCHIVE_LIMITS = { maxEntries: 64, maxTotalBytes: 8 * 1024 * 1024 * 1024, maxLineBytes: 1024 * 1024 };

const manifestSchema = z.object({ format: z.string(), version: z.number().int(), counts: z.record(z.string(), z.number()).optional() });

function parseLine(line: ZipLine): unknown {
  try {
    return JSON.parse(line.text);
  } catch (error) {
    const column = /position (\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
    throw new ImportSourceError(`${line.file}, line ${line.line}${column ? `, column ${Number(column) + 1}` : ""}`, "not valid JSON.");
  }
}

function checkManifest(text: string) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ImportSourceError("manifest.json", "not valid JSON.");
  }
  const manifest = manifestSchema.safeParse(value);
  if (!manifest.success || manifest.data.format !== ARCHIVE_FORMAT) throw new ImportSourceError("manifest.json", `not the manifest of a workspace export (format "${ARCHIVE_FORMAT}").`);
  if (manifest.data.version > ARCHIVE_VERSION) {
    throw new ImportSourceError("manifest.json", `format version ${manifest.data.version} is newer than this server reads (${ARCHIVE_VERSION}); update the server first.`);
  }
}

async function* records(input: SourceInput<Record<string, never>>): AsyncGenerator<SourceItem> {
  if (!input.file) throw new ImportSourceError("upload", "no file was uploaded.");
  let manifest = "";
  let sawManifest = false;
  let seen = new Set<string>();
  let currentFile = "";
  try {
    for await (const line of zipLines(input.file(), ARCHIVE_LIMITS)) {
      if (line.file !== currentFile) {
        if (currentFile === "manifest.json") checkManifest(manifest);
        currentFile = line.file;
        seen = new Set();
        if (!sawManifest && line.file !== "manifest.json") throw new ImportSourceError(line.file, "the archive must begin with manifest.json.");
      }
      if (line.file === "manifest.json") {
        sawManifest = true;
        manifest += `${line.text}\n`;
        if (manifest.length > 1024 * 1024) throw new ImportSourceError("manifest.json", "larger than 1 MiB.");
        continue;
      }
      if (line.file === "workspace.json") continue;
      const reader = ROW_READERS[line.file];
      if (!reader) throw new ImportSourceError(line.file, "not a file of a workspace export.");
      if ("skip" in reader) {
        yield { kind: "skip", reason: reader.skip };
        continue;
      }
      const parsed = reader.schema.safeParse(parseLine(line));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new ImportSourceError(`${line.file}, line ${line.line}, field ${issue.path.join(".") || "(row)"}`, issue.message);
      }
      const row = parsed.data as { id: string };
      // Votes are unique by post and voter whatever their ids; every other id must be unique.
      if (line.file !== "votes.jsonl") {
        if (seen.has(row.id)) throw new ImportSourceError(`${line.file}, line ${line.line}`, `the id "${row.id}" appears twice.`);
        seen.add(row.id);
      }
      const record = reader.toRecord(row as never);
      if (record) yield record;
    }
    if (currentFile === "manifest.json") checkManifest(manifest);
    if (!sawManifest) throw new ImportSourceError("manifest.json", "missing: this is not a workspace export.");
  } catch (error) {
    if (error instanceof ArchiveError) throw new ImportSourceError("archive", error.message);
    throw error;
  }
}

export const ownAdapter: ImportAdapter<Record<string, never>> = {
  source: "own",
  label: "A workspace export (.zip)",
  options: z.strictObject({}) as unknown as z.ZodType<Record<string, never>>,
  needsFile: true,
  async validate(input) {
    // The manifest is the archive's first entry: reading up to the first row proves it.
    for await (const item of records(input)) {
      void item;
      break;
    }
  },
  read: records,
};
