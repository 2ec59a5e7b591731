import type { Prisma } from "@/lib/generated/prisma/client";

// What the key-holding API may read (SPEC B4): drafts stay invisible, to lists and lookups alike.
// A published note without a date would break keyset order, so both conditions are required.
export const PUBLISHED = { status: "published", publishedAt: { not: null } } satisfies Prisma.ReleaseNoteWhereInput;
