import { createHash } from "node:crypto";
import { heldAddress } from "@/lib/domain/users/imported-identity";
import { hotQuery } from "@/lib/platform/db/client";
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

// New accounts get the app's id shape (c + 24 hex digits) from a v4 UUID's random bits. The
// insert's own snapshot does not see the rows it adds, so the two halves never overlap.
const PEOPLE_SLICE = 2_000;
const PEOPLE_SQL = `WITH made AS (
  INSERT INTO "User" (id, email, name, "updatedAt")
  SELECT 'c' || left(replace(gen_random_uuid()::text, '-', ''), 24), r.email, r.name, now() FROM unnest($1::text[], $2::text[]) AS r(email, name)
  ON CONFLICT (email) DO NOTHING
  RETURNING id, email, false AS unproven
)
SELECT id, email, unproven FROM made
UNION ALL SELECT id, email, ("passwordHash" IS NOT NULL AND "emailVerifiedAt" IS NULL) FROM "User" WHERE email = ANY($1::text[])`;

/** An account found or made; `unproven`: someone signed up with the address and has not proven it. */
interface PersonRow {
  id: string;
  email: string;
  unproven: boolean;
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
      // One statement for a batch's new people (tens of thousands in a large import's first
      // votes): the accounts it makes and the ones already there. Through Prisma, a createMany
      // and a findMany of that many addresses spent most of an import's CPU compiling the queries.
      // A slice at a time, each statement well within the pool's statement timeout.
      for (let start = 0; start < emails.length; start += PEOPLE_SLICE) {
        const slice = emails.slice(start, start + PEOPLE_SLICE);
        const found = await hotQuery<PersonRow>(PEOPLE_SQL, [slice, slice.map((email) => missing.get(email) ?? null)]);
        for (const user of found) if (!user.unproven) this.known.set(user.email, user.id);
        const held = new Map(found.filter((user) => user.unproven).map((user) => [heldAddress(user.email), user.email]));
        if (held.size > 0) {
          const keys = [...held.keys()];
          for (const user of await hotQuery<PersonRow>(PEOPLE_SQL, [keys, keys.map((key) => missing.get(held.get(key)!) ?? null)])) this.known.set(held.get(user.email)!, user.id);
        }
      }
    }
    return addresses.map((address) => (address ? (this.known.get(address) ?? null) : null));
  }
}

/** Of these addresses, how many belong to accounts whose owner proved them. */
export async function countVerifiedAccounts(addresses: readonly string[]): Promise<number> {
  let matched = 0;
  for (let start = 0; start < addresses.length; start += 20_000) {
    const [row] = await hotQuery<{ n: number }>(`SELECT count(*)::int AS n FROM "User" WHERE email = ANY($1::text[]) AND "emailVerifiedAt" IS NOT NULL`, [addresses.slice(start, start + 20_000)]);
    matched += row!.n;
  }
  return matched;
}
