// The instance's operators: the people who run this installation, named by address in the
// configuration rather than stored in the database, so nobody can make themselves one through the
// app. Only they see the operator page and change plans there (the command line needs shell and
// database access instead). An address counts only once its owner has verified it: otherwise
// whoever signed up first with an operator's address would be one.

type Env = Record<string, string | undefined>;

/**
 * The operator of a development server when OPERATOR_EMAILS is not set: the demo account that
 * `npm run dev` seeds (prisma/seed.ts), so that whoever tries the product can change a plan from the
 * browser while the dev server holds the embedded database that `npm run plan:set` would need.
 */
export const DEVELOPMENT_OPERATOR = "demo@example.com";

/** OPERATOR_EMAILS, comma- or space-separated, compared case-insensitively. */
export function operatorEmails(env: Env = process.env): Set<string> {
  if (env.OPERATOR_EMAILS === undefined && env.NODE_ENV === "development") return new Set([DEVELOPMENT_OPERATOR]);
  return new Set(
    (env.OPERATOR_EMAILS ?? "")
      .split(/[\s,]+/)
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.includes("@")),
  );
}

export function isOperator(user: { email: string; emailVerified: boolean } | null | undefined, env: Env = process.env): boolean {
  return !!user && user.emailVerified && operatorEmails(env).has(user.email.trim().toLowerCase());
}

/**
 * Where a workspace owner asks for another plan: OPERATOR_CONTACT (an address or a link) when set.
 * The operators' own addresses are never shown for it; an instance may not want them public.
 */
export function operatorContact(env: Env = process.env): { label: string; href: string } | null {
  const contact = env.OPERATOR_CONTACT?.trim();
  if (!contact) return null;
  if (/^https?:\/\//i.test(contact)) return { label: contact.replace(/^https?:\/\//i, "").replace(/\/$/, ""), href: contact };
  if (/^[^\s@]+@[^\s@]+$/.test(contact)) return { label: contact, href: `mailto:${contact}` };
  return null;
}
