import { z } from "zod";
import { safeText } from "@/lib/api/schemas";
import { pageQuery } from "@/lib/api/pagination";

export const listReleaseNotesQuery = z.strictObject({ ...pageQuery });

export const createReleaseNoteBody = z
  .strictObject({
    title: safeText({ min: 1, max: 200, label: "title" }),
    // Markdown keeps its whitespace: indentation makes code blocks and trailing spaces make breaks.
    body: safeText({ min: 1, max: 20_000, label: "body", trim: false, multiline: true }).refine((value) => value.trim() !== "", {
      message: "body must not be blank.",
    }),
    publish: z.boolean({ message: "publish must be true or false." }).default(true),
  })
  .meta({ example: { title: "Faster search", body: "Search now answers in **50 ms**." } });

export type ListReleaseNotesQuery = z.output<typeof listReleaseNotesQuery>;
export type CreateReleaseNoteBody = z.output<typeof createReleaseNoteBody>;
