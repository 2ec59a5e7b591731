import type { Prisma, ReleaseNote } from "@/lib/generated/prisma/client";

// A release note's state is computed from its row and the clock at read time: stored
// `published` with a `publishedAt` still ahead is "scheduled", and turns "published" at that
// instant on every surface without anything writing to the row. A draft has no date.
export const NOTE_STATES = ["draft", "scheduled", "published"] as const;
export type NoteState = (typeof NOTE_STATES)[number];

/** Live notes: what visitors, read-only keys and the feed see. */
export function publishedBy(now: Date) {
  return { status: "published", publishedAt: { not: null, lte: now } } satisfies Prisma.ReleaseNoteWhereInput;
}

export function stateWhere(state: NoteState | "all", now: Date): Prisma.ReleaseNoteWhereInput {
  if (state === "published") return publishedBy(now);
  if (state === "scheduled") return { status: "published", publishedAt: { gt: now } };
  if (state === "draft") return { OR: [{ status: "draft" }, { publishedAt: null }] };
  return {};
}

export function noteState(note: Pick<ReleaseNote, "status" | "publishedAt">, now: Date): NoteState {
  if (note.status !== "published" || !note.publishedAt) return "draft";
  return note.publishedAt.getTime() > now.getTime() ? "scheduled" : "published";
}
