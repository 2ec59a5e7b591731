import { z } from "zod";
import { countField, idField } from "@/lib/platform/core/fields";
import { idSchema } from "@/lib/platform/core/schemas";
import { batchOf } from "@/lib/domain/posts/schemas";
import { exactlyOnePerson, personRef, personRefFields } from "@/lib/domain/users/person-ref";

export { personRef };

export const voteStateSchema = z
  .strictObject({
    postId: idField,
    userId: idField,
    voted: z.boolean(),
    voteCount: countField,
  })
  .meta({ id: "VoteState" });

export const addVotesBody = z.strictObject({
  items: batchOf(
    z
      .strictObject({
        postId: idSchema,
        ...personRefFields,
        voted: z.boolean().default(true).describe("`false` withdraws the person's vote (a sync that mirrors who still wants the post). Default `true`."),
      })
      .superRefine((value, context) => exactlyOnePerson(value, context)),
    { one: "vote", many: "votes" },
  ),
});
export type AddVotesInput = z.input<typeof addVotesBody>;
