import { z } from "zod";
import { SCOPES } from "@/lib/domain/access/roles";
import { safeText } from "@/lib/platform/core/schemas";

export const KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const createApiKeySchema = z.strictObject({
  name: safeText({ min: 1, max: 80, label: "Name" }),
  scopes: z
    .array(z.enum(SCOPES, { message: `Unknown scope. Valid scopes: ${SCOPES.join(", ")}.` }))
    .min(1, "Choose at least one scope.")
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z
    .union(KEY_EXPIRY_DAYS.map((days) => z.literal(days)) as unknown as [z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>, z.ZodLiteral<365>])
    .nullable()
    .default(null),
});

export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
