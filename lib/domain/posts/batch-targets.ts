import { DomainError, type ErrorDetail } from "@/lib/platform/core/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { WorkspaceActor } from "@/lib/domain/access/actor";
import { ensureSsoVisitors } from "@/lib/domain/users/sso-visitors";
import { findPeople, personNotFoundMessage } from "@/lib/domain/users/find-person";
import { personField, personKey, type PersonRef } from "@/lib/domain/users/person-ref";

// `makesPerson: false` (a vote being withdrawn) needs a person who already exists: a new
// customer id is then a missing person, not an SSO user to make.
type BatchItem = { postId: string; person?: PersonRef; makesPerson?: boolean };

/** The people of a checked batch: those found, by personKey, and the customer's ids still to be made SSO users. */
export type BatchPeople = { found: Map<string, string>; newExternalIds: string[] };

/**
 * What a batch of votes or comments names, checked before anything is written, so that every bad
 * item is named in one answer (`items.3.postId`, `items.5.email`) and the caller fixes them all at
 * once: a post of this workspace that is not merged away, and a person who exists (lib/domain/users/
 * find-person.ts) or a customer's id that is new (its SSO user is made with the batch: peopleIn).
 * `personPath` is where an item's person reference sits ("" for the item itself, "author." for a
 * comment's author). The writes still check each post under its row lock (writeEachItem), for a
 * post merged or deleted in between.
 */
export async function checkBatchTargets(actor: WorkspaceActor, items: BatchItem[], personPath: string): Promise<BatchPeople> {
  const postIds = [...new Set(items.map((item) => item.postId))];
  const refs = items.flatMap((item) => (item.person ? [item.person] : []));
  const [posts, people] = await Promise.all([
    actor.db.post.findMany({ where: { id: { in: postIds } }, select: { id: true, mergedIntoId: true } }),
    refs.length ? findPeople(actor.workspaceId, refs) : new Map<string, string>(),
  ]);
  const postById = new Map(posts.map((post) => [post.id, post]));

  const missing: ErrorDetail[] = [];
  const merged: ErrorDetail[] = [];
  const newExternalIds = new Set<string>();
  items.forEach((item, index) => {
    const post = postById.get(item.postId);
    if (!post) missing.push({ path: `items.${index}.postId`, message: "No such post in this workspace.", code: "not_found" });
    else if (post.mergedIntoId) merged.push({ path: `items.${index}.postId`, message: `This post was merged into ${post.mergedIntoId}.`, code: "merged" });
    if (!item.person || people.has(personKey(item.person))) return;
    if (item.person.externalId !== undefined && item.makesPerson !== false) newExternalIds.add(item.person.externalId);
    else missing.push({ path: `items.${index}.${personPath}${personField(item.person)}`, message: personNotFoundMessage(item.person), code: "not_found" });
  });
  if (missing.length) throw new DomainError("NOT_FOUND", "A post or person named in the batch does not exist; nothing was written.", missing);
  if (merged.length) throw new DomainError("CONFLICT", "A post of the batch was merged into another one; nothing was written. Send those items to the post it was merged into.", merged);
  return { found: people, newExternalIds: [...newExternalIds] };
}

/** Inside the batch's transaction: every person's id by personKey, the new customer ids' SSO users made now (they exist only if the batch is written). */
export async function peopleIn(tx: Pick<Prisma.TransactionClient, "user">, workspaceId: string, people: BatchPeople): Promise<Map<string, string>> {
  const all = new Map(people.found);
  for (const [externalId, id] of await ensureSsoVisitors(tx, workspaceId, people.newExternalIds)) all.set(personKey({ externalId }), id);
  return all;
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
