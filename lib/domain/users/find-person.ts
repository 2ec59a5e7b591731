import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { personField, personKey, type PersonRef } from "./person-ref";

// The person an integration names when it acts for someone (a vote, a comment). Only people who
// exist: an account, found by the address it signed up with (its owner proved it), or an SSO user
// of this workspace, by the customer's id or the address its token gave. Nobody gets an account,
// or a vote in their name, from a third party's say-so alone; and an SSO user of another workspace
// is never found here.

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
  if (!id) {
    const field = personField(ref);
    throw new DomainError("NOT_FOUND", `${NOT_FOUND_MESSAGE[field]} The person needs to sign in to the portal once before votes or comments can be recorded for them.`, [
      { path: field, message: NOT_FOUND_MESSAGE[field], code: "not_found" },
    ]);
  }
  return { id };
}

export function personNotFoundMessage(ref: PersonRef): string {
  return NOT_FOUND_MESSAGE[personField(ref)];
}
