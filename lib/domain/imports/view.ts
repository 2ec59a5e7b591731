import { z } from "zod";
import type { ImportPreview } from "./compute-preview";

export const importSchema = z.object({
  id: z.string(),
  source: z.string(),
  state: z.enum(["previewing", "previewed", "queued", "running", "completed", "failed", "undoing", "undone"]).describe("`undoing`: an undo was asked for and its job is deleting the rows; `undone` when it is done."),
  preview: z
    .object({
      create: z.record(z.string(), z.number()),
      skip: z.record(z.string(), z.number()),
      people: z.object({ total: z.number().int(), matched: z.number().int(), unclaimed: z.number().int() }),
      overLimit: z.array(z.object({ resource: z.string(), limit: z.number().int(), used: z.number().int(), adding: z.number().int() })),
      rows: z.number().int(),
    })
    .nullable()
    .describe("What a run creates and skips (per kind, and why), people matched to accounts by verified address, and resources over the plan's limit."),
  progress: z.object({ done: z.number().int(), total: z.number().int(), created: z.record(z.string(), z.number()), skipped: z.record(z.string(), z.number()) }),
  error: z.string().nullable().describe("What the source did wrong: the file, line and column, or the request."),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  undoableUntil: z.string().nullable(),
});

export type ImportView = z.infer<typeof importSchema>;

export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;

type Row = {
  id: string;
  source: string;
  state: string;
  preview: unknown;
  progress: unknown;
  done: number;
  total: number;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  undoneAt: Date | null;
};

export function importView(row: Row): ImportView {
  const progress = (row.progress ?? {}) as { created?: Record<string, number>; skipped?: Record<string, number> };
  return {
    id: row.id,
    source: row.source,
    state: row.state as ImportView["state"],
    preview: (row.preview as ImportPreview | null) ?? null,
    progress: { done: row.done, total: row.total, created: progress.created ?? {}, skipped: progress.skipped ?? {} },
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoableUntil: row.state === "completed" && row.finishedAt ? new Date(row.finishedAt.getTime() + UNDO_WINDOW_MS).toISOString() : null,
  };
}
