import { db } from "@/lib/platform/db/client";
import { ssoPlaceholderEmail } from "@/lib/domain/users/sso-visitors";
import type { SsoClaims } from "./claims";

/**
 * The visitor a verified token names, made or brought up to date: one row per (workspace, the
 * customer's id), whatever email the token carries. Its id is what votes, comments and posts are
 * attributed to, as for any visitor. The row gets a placeholder address (the claimed one is kept
 * apart in `ssoEmail`), no password and no membership, so it can never be signed in to the
 * dashboard, to another workspace, or as the account that really owns the claimed address.
 */
export async function signInSsoUser(workspaceId: string, claims: SsoClaims): Promise<{ userId: string; created: boolean }> {
  const profile = {
    name: claims.name ?? claims.email?.split("@")[0] ?? null,
    ssoEmail: claims.email,
    avatarUrl: claims.avatarUrl,
    ...(claims.locale ? { portalLocale: claims.locale } : {}),
  };
  return db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({
      where: { ssoWorkspaceId_ssoExternalId: { ssoWorkspaceId: workspaceId, ssoExternalId: claims.id } },
      select: { id: true },
    });
    const user = existing
      ? await tx.user.update({ where: { id: existing.id }, data: profile, select: { id: true } })
      : await tx.user.create({
          data: { ...profile, email: ssoPlaceholderEmail(), ssoWorkspaceId: workspaceId, ssoExternalId: claims.id },
          select: { id: true },
        });
    // The token is the customer's current word on the person's companies: the links are replaced,
    // each company's name and spend brought up to date (it is the same company for every colleague).
    await tx.ssoUserCompany.deleteMany({ where: { userId: user.id } });
    for (const company of claims.companies) {
      const row = await tx.ssoCompany.upsert({
        where: { workspaceId_externalId: { workspaceId, externalId: company.id } },
        create: { workspaceId, externalId: company.id, name: company.name, monthlySpend: company.monthlySpend },
        update: { name: company.name, monthlySpend: company.monthlySpend },
        select: { id: true },
      });
      await tx.ssoUserCompany.create({ data: { userId: user.id, companyId: row.id } });
    }
    return { userId: user.id, created: !existing };
  });
}
