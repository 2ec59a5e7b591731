import { z } from "zod";
import { safeText } from "@/lib/platform/core/schemas";

// What the host page may tell the team about where an idea was written: the page's address, the
// app's version and the customer's plan, plus a few short labelled values of its own. Bounded in
// count and length (stored with the post as JSON and shown on the dashboard), and plain text, so
// nothing a host sends can break the page it is shown on.
export const HOST_METADATA_LIMITS = { pageUrl: 2_000, value: 200, extraKeys: 10, key: 40 } as const;

const pageUrl = z
  .string()
  .max(HOST_METADATA_LIMITS.pageUrl, `The page URL must be at most ${HOST_METADATA_LIMITS.pageUrl} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "The page URL must be an http or https address.");

const shortValue = (label: string) => safeText({ max: HOST_METADATA_LIMITS.value, label });

export const hostMetadataSchema = z.strictObject({
  pageUrl: pageUrl.optional(),
  appVersion: shortValue("The app version").optional(),
  plan: shortValue("The plan").optional(),
  extra: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,39}$/, "A metadata name is a letter then up to 39 letters, digits, _ . or -."),
      z.union([shortValue("A metadata value"), z.number().finite(), z.boolean()]),
    )
    .refine((record) => Object.keys(record).length <= HOST_METADATA_LIMITS.extraKeys, `At most ${HOST_METADATA_LIMITS.extraKeys} extra metadata values.`)
    .optional(),
});
export type HostMetadata = z.output<typeof hostMetadataSchema>;

/** Nothing worth keeping (no field set) is stored as no metadata at all. */
export function isEmptyHostMetadata(metadata: HostMetadata): boolean {
  return !metadata.pageUrl && !metadata.appVersion && !metadata.plan && Object.keys(metadata.extra ?? {}).length === 0;
}

/** A stored value read back for display; whatever does not parse (an older shape) is shown as nothing. */
export function readHostMetadata(stored: unknown): HostMetadata | null {
  const parsed = hostMetadataSchema.safeParse(stored);
  return parsed.success && !isEmptyHostMetadata(parsed.data) ? parsed.data : null;
}
