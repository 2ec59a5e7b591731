import { z } from "zod";
import { BIDI_CONTROL } from "@/lib/platform/core/schemas";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Email is too long.")
  .pipe(z.email({ message: "Enter a valid email address." }));

/** Every password an account is given: at sign-up, by a reset link, on the account page. */
export const passwordSchema = z
  .string({ message: "Enter a password." })
  .min(10, "Use at least 10 characters.")
  .max(200, "Use at most 200 characters.");

// Names show up in member lists, mails and the portal: no NUL, line breaks or other control
// characters (C0, DEL, C1), no text-direction controls (they reorder what follows), and valid Unicode.
const CONTROL_CHARACTERS = /\p{Cc}/u;

export const nameSchema = z
  .string({ message: "Enter a name." })
  .trim()
  .max(100, "Use at most 100 characters.")
  .refine((value) => !CONTROL_CHARACTERS.test(value), "Use letters, spaces and punctuation only: no control characters.")
  .refine((value) => !BIDI_CONTROL.test(value), "Use letters, spaces and punctuation only: no text-direction control characters.")
  .refine((value) => value.isWellFormed(), "Use valid characters only.");

export const signUpSchema = z.object({
  name: nameSchema.optional().default(""),
  email: emailSchema,
  password: passwordSchema,
});

export type SignUpInput = z.input<typeof signUpSchema>;
