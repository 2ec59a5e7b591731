import { z } from "zod";
import { countField } from "@/lib/platform/core/fields";
import { tagSchema } from "@/lib/domain/posts/schemas";

/** `{tag}` path segments: a tag as posts carry it (lowercase); another spelling finds the same tag. */
export const tagParams = z.object({ tag: tagSchema });

export const renameTagBody = z
  .strictObject({ name: tagSchema.meta({ description: "The new name. A post that already carries it keeps it once." }) })
  .meta({ example: { name: "dark mode" } });

export type RenameTagInput = z.input<typeof renameTagBody>;

export const tagViewSchema = z
  .strictObject({
    name: z.string(),
    postCount: countField.meta({ description: "How many posts carry the tag (merged ones included)." }),
  })
  .meta({ id: "Tag" });

export type TagView = z.output<typeof tagViewSchema>;
