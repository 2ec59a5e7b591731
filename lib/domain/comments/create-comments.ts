import { validate } from "@/lib/platform/core/validate";
import { db } from "@/lib/platform/db/client";
import { checkBatchTargets, peopleIn, writeEachItem } from "@/lib/domain/posts/batch-targets";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { insertCommentIn } from "./add-comment";
import { personKey } from "@/lib/domain/users/person-ref";
import { createCommentsBody, type CreateCommentsInput } from "./schemas";

/**
 * Up to 100 comments in one transaction (an import from a support tool): all are written or none.
 * Each item is what POST /posts/{id}/comments takes plus its `postId`: a person's comment with
 * `author`, else the team's reply by the acting member; each role rule applies to the items that
 * need it.
 */
export async function createComments(actor: WorkspaceActor, input: CreateCommentsInput) {
  // The role comes before the input is read, as for a single comment.
  const sent = Array.isArray(input?.items) ? input.items : [];
  if (sent.some((item) => item?.author)) authorize(actor, "comments.onBehalf", "comment for someone");
  if (sent.some((item) => !item?.author)) authorize(actor, "comments.replyAsTeam", "reply as the team");
  const { items } = validate(createCommentsBody, input, "A comment of the batch is not valid; nothing was written.");
  const people = await checkBatchTargets(actor, items.map((item) => ({ postId: item.postId, person: item.author })), "author.");
  return db.$transaction(async (tx) => {
    const ids = await peopleIn(tx, actor.workspaceId, people);
    return writeEachItem(items, async ({ postId, body, author }) => {
      const userId = author ? ids.get(personKey(author))! : actor.userId;
      const comment = await insertCommentIn(tx, { workspaceId: actor.workspaceId, postId, userId, body, asTeam: !author, publicOnly: false });
      return { postId, ...comment, authorId: userId };
    });
  });
}
