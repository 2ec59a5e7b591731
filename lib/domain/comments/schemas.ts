import { z } from "zod";
import { countField, idField, timestampField } from "@/lib/platform/core/fields";
import { idSchema } from "@/lib/platform/core/schemas";
import { batchOf } from "@/lib/domain/posts/schemas";
import { exactlyOnePerson, personRefFields } from "@/lib/domain/users/person-ref";
import { addCommentSchema } from "./add-comment";

export const createCommentBody = z.strictObject({
  body: addCommentSchema.shape.body,
  author: z
    .strictObject(personRefFields)
    .superRefine((value, context) => exactlyOnePerson(value, context))
    .optional()
    .meta({ description: "Whose comment it is: a person, by `email` or by `externalId` (your app's id for them, as in your SSO tokens). Without it the comment is the team's reply, by the key's creator." }),
});

export const createCommentsBody = z.strictObject({
  items: batchOf(createCommentBody.extend({ postId: idSchema }), { one: "comment", many: "comments" }),
});
export type CreateCommentsInput = z.input<typeof createCommentsBody>;

export const moderateCommentBody = z.strictObject({ hidden: z.boolean({ message: "hidden must be true or false." }) });

export const createdCommentSchema = z
  .strictObject({
    id: idField,
    postId: idField,
    authorId: idField,
    body: z.string(),
    isTeamReply: z.boolean(),
    createdAt: timestampField,
    commentCount: countField.meta({ description: "The post's visible comments, this one included." }),
  })
  .meta({ id: "CreatedComment" });

export const moderatedCommentSchema = z.strictObject({ id: idField, hiddenAt: timestampField.nullable() }).meta({ id: "ModeratedComment" });
export const deletedCommentSchema = z.strictObject({ id: idField, deleted: z.literal(true) }).meta({ id: "DeletedComment" });

export type CreateCommentInput = z.output<typeof createCommentBody>;
