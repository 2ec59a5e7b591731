import { validate } from "@/lib/platform/core/validate";
import { db } from "@/lib/platform/db/client";
import { checkBatchTargets, peopleIn, writeEachItem } from "@/lib/domain/posts/batch-targets";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { addVotesBody, type AddVotesInput } from "./schemas";
import { setVote } from "./toggle-vote";
import { personKey } from "@/lib/domain/users/person-ref";

/**
 * Up to 100 people's votes in one transaction (a CRM sync, a migration): all are recorded or none.
 * Each item sets the state it names (`voted`, true by default), so a sync sends what its source
 * says now and a retry cannot undo itself. A person's vote sent twice, in the batch or already
 * there, is one vote; withdrawing one that is not there changes nothing; withdrawing makes nobody
 * (an unknown person is named as missing). Every item answers the post's state after it.
 */
export async function voteForPeople(actor: WorkspaceActor, input: AddVotesInput) {
  authorize(actor, "votes.onBehalf", "vote for someone");
  const { items } = validate(addVotesBody, input, "A vote of the batch is not valid; nothing was recorded.");
  const people = await checkBatchTargets(actor, items.map((item) => ({ postId: item.postId, person: item, makesPerson: item.voted })), "");
  return db.$transaction(async (tx) => {
    const ids = await peopleIn(tx, actor.workspaceId, people);
    return writeEachItem(items, async (item) => {
      const { postId } = item;
      const userId = ids.get(personKey(item))!;
      const vote = await setVote(tx, { workspaceId: actor.workspaceId, postId, userId, voted: item.voted, publicOnly: false });
      return { postId, userId, ...vote };
    });
  });
}
