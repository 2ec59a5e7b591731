import { z } from "zod";
import { safeText } from "@/lib/platform/core/schemas";
import { isPortalLocale, type PortalLocale } from "@/lib/platform/i18n/locales";

// What a customer's token may say about the person it signs in. Only `id` is required; the rest is
// shown in the portal (name, avatar) and to the team (companies and what they pay), so each is
// bounded and refuses invisible or direction-changing characters like every other name here.

export const MAX_COMPANIES = 20;

const companySchema = z.object({
  id: z.union([z.string(), z.number().int()]).transform(String).pipe(safeText({ min: 1, max: 200, label: "Company id" })),
  name: safeText({ min: 1, max: 200, label: "Company name" }),
  monthlySpend: z.number().finite().min(0).max(999_999_999_999).optional(),
});

const avatarSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "avatarURL must be an http(s) address.");

export const ssoClaimsSchema = z.object({
  id: z.union([z.string(), z.number().int()]).transform(String).pipe(safeText({ min: 1, max: 200, label: "id" })),
  email: z.string().trim().toLowerCase().max(320).pipe(z.email()).optional(),
  name: safeText({ min: 1, max: 100, label: "name" }).optional(),
  avatarURL: avatarSchema.optional(),
  locale: z.string().max(16).optional(),
  companies: z.array(companySchema).max(MAX_COMPANIES).optional(),
});

/** The person a verified token names, as the rest of the app uses them. */
export interface SsoClaims {
  id: string;
  email: string | null;
  name: string | null;
  avatarUrl: string | null;
  locale: PortalLocale | null;
  companies: { id: string; name: string; monthlySpend: number }[];
  jti: string;
  expiresAt: Date;
}

export function toSsoClaims(parsed: z.output<typeof ssoClaimsSchema>, jti: string, expiresAt: Date): SsoClaims {
  return {
    id: parsed.id,
    email: parsed.email ?? null,
    name: parsed.name ?? null,
    avatarUrl: parsed.avatarURL ?? null,
    // A language the portal does not speak is ignored rather than refused: the token is still good.
    locale: parsed.locale && isPortalLocale(parsed.locale) ? parsed.locale : null,
    // One entry per company id: a token naming a company twice means it once (the last word wins).
    companies: [...new Map((parsed.companies ?? []).map((company) => [company.id, { id: company.id, name: company.name, monthlySpend: company.monthlySpend ?? 0 }])).values()],
    jti,
    expiresAt,
  };
}
