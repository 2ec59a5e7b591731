import { DomainError, type ErrorDetail } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import type { WorkspaceActor } from "@/lib/domain/access/actor";

type BatchItem = { postId: string; email?: string };

/**
 * What a batch of votes or comments names, checked before anything is written, so that every bad
 * item is named in one answer (`items.3.postId`, `items.5.email`) and the caller fixes them all at
 * once: a post of this workspace that is not merged away, and a person with an account. Answers the
 * people's ids by address. The writes still check each post under its row lock (writeEachItem), for
 * a post merged or deleted in between.
 */
export async function checkBatchTargets(actor: WorkspaceActor, items: BatchItem[], emailPath: string): Promise<Map<string, string>> {
  const postIds = [...new Set(items.map((item) => item.postId))];
  const emails = [...new Set(items.flatMap((item) => (item.email ? [item.email] : [])))];
  const [posts, people] = await Promise.all([
    actor.db.post.findMany({ where: { id: { in: postIds } }, select: { id: true, mergedIntoId: true } }),
    emails.length ? db.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } }) : [],
  ]);
  const postById = new Map(posts.map((post) => [post.id, post]));
  const personByEmail = new Map(people.map((person) => [person.email, person.id]));

  const missing: ErrorDetail[] = [];
  const merged: ErrorDetail[] = [];
  items.forEach((item, index) => {
    const post = postById.get(item.postId);
    if (!post) missing.push({ path: `items.${index}.postId`, message: "No such post in this workspace.", code: "not_found" });
    else if (post.mergedIntoId) merged.push({ path: `items.${index}.postId`, message: `This post was merged into ${post.mergedIntoId}.`, code: "merged" });
    if (item.email && !personByEmail.has(item.email)) missing.push({ path: `items.${index}.${emailPath}`, message: "No account uses this address.", code: "not_found" });
  });
  if (missing.length) throw new DomainError("NOT_FOUND", "A post or person named in the batch does not exist; nothing was written.", missing);
  if (merged.length) throw new DomainError("CONFLICT", "A post of the batch was merged into another one; nothing was written. Send those items to the post it was merged into.", merged);
  return personByEmail;
}

/**
 * Runs `write` for each item inside the caller's transaction and answers in the order sent. Items
 * are written in post-id order, so two batches touching the same posts take the posts' row locks in
 * the same order and queue rather than deadlock. A refusal names its item; throwing it rolls back
 * the items before it.
 */
export async function writeEachItem<Item extends { postId: string }, Result>(items: Item[], write: (item: Item) => Promise<Result>): Promise<Result[]> {
  const order = items.map((_, index) => index).sort((a, b) => (items[a]!.postId < items[b]!.postId ? -1 : items[a]!.postId > items[b]!.postId ? 1 : a - b));
  const results = new Array<Result>(items.length);
  for (const index of order) {
    try {
      results[index] = await write(items[index]!);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw new DomainError(error.code, `Item ${index}: ${error.message} Nothing was written.`, [{ path: `items.${index}.postId`, message: error.message, code: error.code.toLowerCase() }]);
    }
  }
  return results;
}
