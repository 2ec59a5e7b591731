import { openSecret } from "@/lib/domain/webhooks/secret-box";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { SourceInput } from "./adapter";
import { readImportFile } from "./import-file";
import { IMPORT_SOURCES } from "./sources";

/** The adapter of a stored import and what it reads: its options with secrets opened, its file. */
export function sourceOf(db: ScopedDb, run: { id: string; source: string; options: unknown }) {
  const adapter = IMPORT_SOURCES[run.source];
  if (!adapter) throw new Error(`No import source "${run.source}" in this build.`);
  const options = { ...(run.options as Record<string, unknown>) };
  for (const name of adapter.secretOptions ?? []) if (typeof options[name] === "string") options[name] = openSecret(options[name] as string);
  const input: SourceInput<never> = { options: options as never, file: adapter.needsFile ? () => readImportFile(db, run.id) : undefined };
  return { adapter, input };
}
