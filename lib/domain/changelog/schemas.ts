import { z } from "zod";
import { changedPageQuery } from "@/lib/platform/core/pagination";
import { idSchema, safeText } from "@/lib/platform/core/schemas";
import { NOTE_STATES } from "../access/published-release-notes";

export const NOTE_STATE_FILTERS = [...NOTE_STATES, "all"] as const;
export type NoteStateFilter = (typeof NOTE_STATE_FILTERS)[number];

const stateQuery = z
  .enum(NOTE_STATE_FILTERS, { message: `state must be one of: ${NOTE_STATE_FILTERS.join(", ")}.` })
  .default("published")
  .meta({ description: "Which notes: `published` (the default), `draft`, `scheduled` or `all`. Anything but `published` needs a key with changelog:write." });

export const listReleaseNotesQuery = z.strictObject({ ...changedPageQuery, state: stateQuery });
export const getReleaseNoteQuery = z.strictObject({ state: stateQuery });

const title = safeText({ min: 1, max: 200, label: "title" });
// Markdown keeps its whitespace: indentation makes code blocks and trailing spaces make breaks.
const body = safeText({ min: 1, max: 20_000, label: "body", trim: false, multiline: true }).refine((value) => value.trim() !== "", { message: "body must not be blank." });
const publishedAt = z.iso
  .datetime({ offset: true, message: "publishedAt must be a date and time (ISO 8601, e.g. 2026-05-01T09:00:00Z)." })
  // Kept as text so a parsed body parses again unchanged (the API parses, then the domain does).
  .meta({ description: "Schedule: the note stays unpublished until this instant (must be in the future)." });
export const MAX_LINKED_POSTS = 50;
const postIds = z
  .array(idSchema)
  .max(MAX_LINKED_POSTS, `A note links at most ${MAX_LINKED_POSTS} posts.`)
  .refine((ids) => new Set(ids).size === ids.length, { message: "A post is listed more than once." })
  .meta({ description: "The posts this note ships; replaces the whole set." });

export const createReleaseNoteBody = z
  .strictObject({
    title,
    body,
    publish: z.boolean({ message: "publish must be true or false." }).default(true),
    publishedAt: publishedAt.optional(),
    postIds: postIds.optional(),
  })
  .refine((value) => !(value.publishedAt && !value.publish), { message: "A draft has no publication date; send publish: true to schedule.", path: ["publishedAt"] })
  .meta({ example: { title: "Faster search", body: "Search now answers in **50 ms**." } });

export const updateReleaseNoteBody = z
  .strictObject({
    title: title.optional(),
    body: body.optional(),
    status: z
      .enum(["draft", "published"], { message: "status must be draft or published." })
      .optional()
      .meta({ description: "`published` publishes now (or at `publishedAt`); `draft` unpublishes." }),
    publishedAt: publishedAt.optional(),
    postIds: postIds.optional(),
    version: z.int({ message: "version must be a whole number." }).min(0).optional().meta({ description: "The version you edited; a newer one answers 409 and nothing is written." }),
  })
  .refine((value) => !(value.publishedAt && value.status === "draft"), { message: "A draft has no publication date.", path: ["publishedAt"] })
  .meta({ example: { status: "published", publishedAt: "2026-12-01T09:00:00Z" } });

export type ListReleaseNotesQuery = z.output<typeof listReleaseNotesQuery>;
export type CreateReleaseNoteBody = z.input<typeof createReleaseNoteBody>;
export type UpdateReleaseNoteBody = z.input<typeof updateReleaseNoteBody>;
