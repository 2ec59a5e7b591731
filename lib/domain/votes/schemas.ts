import { z } from "zod";
import { countField, idField } from "@/lib/platform/core/fields";
import { idSchema } from "@/lib/platform/core/schemas";
import { batchOf } from "@/lib/domain/posts/schemas";
import { emailSchema } from "@/lib/domain/users/schemas";

export const personRef = z.strictObject({
  email: emailSchema.meta({ description: "The person's account, by the address it signed up with." }),
});

export const voteStateSchema = z
  .strictObject({
    postId: idField,
    userId: idField,
    voted: z.boolean(),
    voteCount: countField,
  })
  .meta({ id: "VoteState" });

export const addVotesBody = z.strictObject({
  items: batchOf(z.strictObject({ postId: idSchema, email: personRef.shape.email }), { one: "vote", many: "votes" }),
});
export type AddVotesInput = z.input<typeof addVotesBody>;
