import { z } from "zod";
import { changedPageQuery } from "@/lib/platform/core/pagination";
import { safeText } from "@/lib/platform/core/schemas";

export const BOARD_VISIBILITIES = ["public", "private", "all"] as const;

export const BOARD_ARCHIVE_STATES = ["open", "archived", "all"] as const;

export const listBoardsQuery = z.strictObject({
  ...changedPageQuery,
  visibility: z.enum(BOARD_VISIBILITIES, { message: `visibility must be one of: ${BOARD_VISIBILITIES.join(", ")}.` }).default("all"),
  state: z
    .enum(BOARD_ARCHIVE_STATES, { message: `state must be one of: ${BOARD_ARCHIVE_STATES.join(", ")}.` })
    .default("all")
    .meta({ description: "`open` boards take new posts, `archived` ones do not." }),
});

export type ListBoardsQuery = z.output<typeof listBoardsQuery>;

// Board slugs appear in portal addresses (/p/{workspace}/boards/{slug}); same shape as workspace
// slugs, but nothing is reserved: they live under their own path segment.
export const boardSlugSchema = z
  .string()
  .trim()
  .min(2, "Use at least 2 characters.")
  .max(40, "Use at most 40 characters.")
  .regex(/^[a-z0-9-]+$/, "Use lowercase letters, digits and hyphens only.")
  .regex(/^[a-z0-9](.*[a-z0-9])?$/, "Start and end with a letter or digit.")
  .refine((slug) => !slug.includes("--"), "Do not use two hyphens in a row.");

const boardFields = {
  name: safeText({ min: 1, max: 60, label: "Name" }),
  slug: boardSlugSchema,
  description: safeText({ max: 280, label: "Description", multiline: true }),
  isPublic: z.boolean({ message: "Choose public or private." }),
};

export const createBoardSchema = z.strictObject({ ...boardFields, description: boardFields.description.default(""), isPublic: boardFields.isPublic.default(true) });

export const updateBoardSchema = z
  .strictObject({
    name: boardFields.name.optional(),
    slug: boardFields.slug.optional(),
    description: boardFields.description.optional(),
    isPublic: boardFields.isPublic.optional(),
    archived: z
      .boolean({ message: "archived must be true or false." })
      .optional()
      .meta({ description: "`true` archives the board: it takes no new posts and leaves the portal's list of boards; its posts keep their votes and comments. `false` opens it again." }),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "Change at least one of: name, slug, description, visibility, archived." });

export type CreateBoardInput = z.input<typeof createBoardSchema>;
export type UpdateBoardInput = z.input<typeof updateBoardSchema>;
