import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ensureSsoVisitors } from "./sso-visitors";
import { personField, personKey, type PersonRef } from "./person-ref";

// The person an integration names when it acts for someone (a vote, a comment). By address, only
// people who exist: an account, found by the address it signed up with (its owner proved it), or
// an SSO user of this workspace by the address its token gave; nobody gets an account from a third
// party's say-so. By the customer's id, this workspace's SSO user with that id, made when the id is
// new (writeForPerson): the id is the workspace's own name for its user, the row belongs to this
// workspace alone and can only ever be signed in to by the workspace's own SSO token. An SSO user
// of another workspace is never found here.

const NOT_FOUND_MESSAGE = {
  email: "No account or SSO user of this workspace uses this address.",
  externalId: "No SSO user of this workspace has this id.",
} as const;

/** The people named by `refs`, by personKey; those not found are absent. */
export async function findPeople(workspaceId: string, refs: PersonRef[]): Promise<Map<string, string>> {
  const emails = [...new Set(refs.flatMap((ref) => (ref.externalId === undefined && ref.email ? [ref.email] : [])))];
  const externalIds = [...new Set(refs.flatMap((ref) => (ref.externalId !== undefined ? [ref.externalId] : [])))];
  const [byExternalId, ssoByEmail, accounts] = await Promise.all([
    externalIds.length ? db.user.findMany({ where: { ssoWorkspaceId: workspaceId, ssoExternalId: { in: externalIds } }, select: { id: true, ssoExternalId: true } }) : [],
    emails.length
      ? db.user.findMany({ where: { ssoWorkspaceId: workspaceId, ssoEmail: { in: emails } }, select: { id: true, ssoEmail: true }, orderBy: { updatedAt: "asc" } })
      : [],
    emails.length ? db.user.findMany({ where: { email: { in: emails }, ssoWorkspaceId: null }, select: { id: true, email: true } }) : [],
  ]);
  const found = new Map<string, string>();
  for (const account of accounts) found.set(`e:${account.email}`, account.id);
  // This workspace's own SSO user comes before an account of the same address: it is the person
  // the workspace knows. Of several, the one signed in most recently (the last in this order).
  for (const person of ssoByEmail) found.set(`e:${person.ssoEmail}`, person.id);
  for (const person of byExternalId) found.set(`x:${person.ssoExternalId}`, person.id);
  return found;
}

export async function findPerson(workspaceId: string, ref: PersonRef): Promise<{ id: string }> {
  const id = (await findPeople(workspaceId, [ref])).get(personKey(ref));
  if (!id) throw personNotFound(ref);
  return { id };
}

/**
 * Runs `write` as the person `ref` names. A person found is written for at once (`tx` undefined);
 * a customer's id no SSO user has yet gets its SSO user inside one transaction with the write
 * (`tx`), so a write that is refused leaves no user behind. An unknown address is a 404.
 */
export async function writeForPerson<Result>(workspaceId: string, ref: PersonRef, write: (userId: string, tx?: Prisma.TransactionClient) => Promise<Result>): Promise<Result> {
  const id = (await findPeople(workspaceId, [ref])).get(personKey(ref));
  if (id) return write(id);
  const externalId = ref.externalId;
  if (externalId === undefined) throw personNotFound(ref);
  return db.$transaction(async (tx) => write((await ensureSsoVisitors(tx, workspaceId, [externalId])).get(externalId)!, tx));
}

function personNotFound(ref: PersonRef): DomainError {
  const field = personField(ref);
  const hint = field === "email" ? " The person needs to sign in to the portal once before votes or comments can be recorded for them by address (or name them by externalId)." : "";
  return new DomainError("NOT_FOUND", `${NOT_FOUND_MESSAGE[field]}${hint}`, [{ path: field, message: NOT_FOUND_MESSAGE[field], code: "not_found" }]);
}

export function personNotFoundMessage(ref: PersonRef): string {
  return NOT_FOUND_MESSAGE[personField(ref)];
}
