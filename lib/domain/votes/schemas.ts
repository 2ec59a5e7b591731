import { z } from "zod";
import { countField, idField } from "@/lib/platform/core/fields";
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
