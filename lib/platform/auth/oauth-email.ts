// Which email address an OAuth sign-in may use. An OAuth account is linked to (or becomes) the
// account with the same address, and pending invitations to that address attach to it, so an
// address the provider has not verified must never be used: anyone can put someone else's address
// on a GitHub account. Without a verified address the sign-in is refused (sign-in?error=OAuthEmail).

export interface GitHubEmail {
  email: string;
  primary?: boolean;
  verified?: boolean;
}

/** The primary address if it is verified, else any verified one, else none. */
export function pickVerifiedGitHubEmail(emails: readonly GitHubEmail[]): string | null {
  const verified = emails.filter((entry) => entry.verified === true && typeof entry.email === "string");
  return (verified.find((entry) => entry.primary) ?? verified[0])?.email ?? null;
}

/**
 * The verified address of a provider's sign-in. Google says so in the profile; GitHub's address
 * comes from our userinfo request (githubUserinfo), which only ever picks a verified one.
 */
export function verifiedOAuthEmail(provider: string, email: string | null | undefined, profile: unknown): string | null {
  if (!email) return null;
  if (provider === "google") return (profile as { email_verified?: unknown } | undefined)?.email_verified === true ? email : null;
  if (provider === "github") return email;
  return null;
}

/**
 * next-auth's GitHub userinfo request, except that the address is always taken from
 * /user/emails and only if verified (the stock one falls back to an unverified primary address).
 */
export const githubUserinfo = {
  url: "https://api.github.com/user",
  async request({ tokens }: { tokens: { access_token?: string } }) {
    const headers = { Authorization: `token ${tokens.access_token}`, Accept: "application/vnd.github+json" };
    const profileResponse = await fetch("https://api.github.com/user", { headers });
    if (!profileResponse.ok) throw new Error(`GitHub /user answered ${profileResponse.status}`);
    const profile = (await profileResponse.json()) as Record<string, unknown>;
    const emailsResponse = await fetch("https://api.github.com/user/emails", { headers });
    const emails = emailsResponse.ok ? ((await emailsResponse.json()) as GitHubEmail[]) : [];
    return { ...profile, email: (Array.isArray(emails) ? pickVerifiedGitHubEmail(emails) : null) ?? undefined };
  },
};
