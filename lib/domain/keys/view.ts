import type { Prisma } from "@/lib/generated/prisma/client";

// What a key looks like to the people who manage it: everything but the secret.
export const API_KEY_VIEW_SELECT = {
  id: true,
  name: true,
  hint: true,
  scopes: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
  createdBy: { select: { id: true, email: true, name: true } },
} satisfies Prisma.ApiKeySelect;

type Row = Prisma.ApiKeyGetPayload<{ select: typeof API_KEY_VIEW_SELECT }>;

export type ApiKeyState = "active" | "expired" | "revoked";

export interface ApiKeyView {
  id: string;
  name: string;
  hint: string;
  scopes: string[];
  state: ApiKeyState;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdBy: { id: string; email: string; name: string | null };
}

export function keyState(row: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): ApiKeyState {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  return "active";
}

export function toApiKeyView(row: Row): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    scopes: row.scopes,
    state: keyState(row),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdBy: row.createdBy,
  };
}
