import { z } from "zod";

// Text that PostgreSQL can store and people can read: no NUL characters (Postgres rejects them in
// text, which would otherwise surface as a 500) and no lone UTF-16 surrogates (not valid Unicode,
// and not representable in UTF-8).
export function safeText({ min = 0, max, label = "Value", trim = true }: { min?: number; max: number; label?: string; trim?: boolean }) {
  const base = trim ? z.string().trim() : z.string();
  return base
    .min(min, min === 1 ? `${label} must not be empty.` : `${label} must be at least ${min} characters.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !value.includes("\u0000"), { message: `${label} must not contain NUL characters.` })
    .refine((value) => value.isWellFormed(), { message: `${label} must be valid Unicode (no lone surrogates).` });
}

export const idSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "Not a valid id.");
