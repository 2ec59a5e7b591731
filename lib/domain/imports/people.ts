import { createHash } from "node:crypto";
import { heldAddress } from "@/lib/domain/users/imported-identity";
import { db as client } from "@/lib/platform/db/client";
import type { ImportPerson } from "./records";

// People of an import become accounts: someone whose address already has an account gets their
// votes and comments on it; anyone else gets an unclaimed account (no password, address not
// verified) holding their name and address, which is theirs once they prove the address (signing
// up with it and following the link, a password reset link, or signing in with a provider that
// verified it: lib/domain/users/imported-identity.ts). An account someone signed up for with the
// address but has not proven it for gets nothing: whoever typed the address may not be its owner,
// so the person's rows wait, set aside, until the address is proven. A person the source knows
// by id alone gets an address no one can receive mail at, unique to that source and id.

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_NAME = 120;

export function addressOf(person: ImportPerson, source: string): string | null {
  const email = person.email?.trim().toLowerCase();
  if (email && ADDRESS.test(email) && email.length <= 254) return email;
  const id = person.sourceId?.trim() || person.name?.trim();
  if (!id) return null;
  const digest = createHash("sha256").update(`${source}\0${id}`).digest("hex").slice(0, 20);
  return `${source}-${digest}@imported.invalid`;
}

/** Finds or makes the account of each person, remembering the answers for the rest of the import. */
export class PeopleResolver {
  private readonly known = new Map<string, string>();
  constructor(private readonly source: string) {}

  /** The account id of each person, null for one with neither address nor id nor name. */
  async resolve(people: readonly (ImportPerson | null | undefined)[]): Promise<(string | null)[]> {
    const addresses = people.map((person) => (person ? addressOf(person, this.source) : null));
    const missing = new Map<string, string | null>();
    people.forEach((person, index) => {
      const address = addresses[index];
      if (address && !this.known.has(address) && !missing.has(address)) missing.set(address, person?.name?.trim().slice(0, MAX_NAME) || null);
    });
    if (missing.size > 0) {
      const emails = [...missing.keys()];
      await client.user.createMany({ data: emails.map((email) => ({ email, name: missing.get(email) ?? null })), skipDuplicates: true });
      const found = await client.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true, passwordHash: true, emailVerifiedAt: true } });
      const unproven = found.filter((user) => user.passwordHash !== null && user.emailVerifiedAt === null);
      for (const user of found) if (!unproven.includes(user)) this.known.set(user.email, user.id);
      if (unproven.length > 0) {
        const held = new Map(unproven.map((user) => [heldAddress(user.email), user.email]));
        await client.user.createMany({ data: [...held].map(([email, address]) => ({ email, name: missing.get(address) ?? null })), skipDuplicates: true });
        for (const user of await client.user.findMany({ where: { email: { in: [...held.keys()] } }, select: { id: true, email: true } })) this.known.set(held.get(user.email)!, user.id);
      }
    }
    return addresses.map((address) => (address ? (this.known.get(address) ?? null) : null));
  }
}

/** Of these addresses, how many belong to accounts whose owner proved them. */
export async function countVerifiedAccounts(addresses: readonly string[]): Promise<number> {
  let matched = 0;
  for (let start = 0; start < addresses.length; start += 1_000) {
    const slice = addresses.slice(start, start + 1_000);
    matched += await client.user.count({ where: { email: { in: slice }, emailVerifiedAt: { not: null } } });
  }
  return matched;
}
