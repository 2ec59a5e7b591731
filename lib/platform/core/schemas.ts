import { z } from "zod";

// Text that PostgreSQL can store and people can read: no NUL characters (Postgres rejects them in
// text, which would otherwise surface as a 500), no other control characters (invisible, and they
// break logs, headers and feeds; multi-line fields keep tab, CR and LF) and no lone UTF-16
// surrogates (not valid Unicode, and not representable in UTF-8).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// Bidirectional embedding, override and isolate controls (LRE RLE PDF LRO RLO, LRI RLI FSI PDI)
// make what follows them display in another order than it is stored: a name or title with
// U+202E shows "txt.exe" as "exe.txt", in this app, in mail subjects and in chat messages alike.
// No one-line value needs them (the direction marks U+200E, U+200F and U+061C stay allowed), so
// single-line fields (names, titles, labels) refuse them; multi-line text is left as written.
export const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/** The message for a value that fails `isPlainText`, or null when it passes. */
export function plainTextProblem(value: string, label: string, multiline = false): string | null {
  if (value.includes("\u0000")) return `${label} must not contain NUL characters.`;
  if ((multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value)) return `${label} must not contain control characters.`;
  if (!multiline && BIDI_CONTROL.test(value)) return `${label} must not contain text-direction control characters.`;
  if (!value.isWellFormed()) return `${label} must be valid Unicode (no lone surrogates).`;
  return null;
}

/** Adds the plain-text checks to any string schema (for fields with their own messages). */
export function plainText<T extends z.ZodType<string>>(schema: T, label: string, multiline = false) {
  return schema.superRefine((value, context) => {
    const problem = plainTextProblem(value, label, multiline);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });
}

export function safeText({ min = 0, max, label = "Value", trim = true, multiline = false }: { min?: number; max: number; label?: string; trim?: boolean; multiline?: boolean }) {
  const base = trim ? z.string().trim() : z.string();
  return plainText(
    base
      .min(min, min === 1 ? `${label} must not be empty.` : `${label} must be at least ${min} characters.`)
      .max(max, `${label} must be at most ${max} characters.`),
    label,
    multiline,
  );
}

export const idSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "Not a valid id.");
