import { z } from "zod";
import { plainText } from "@/lib/api/schemas";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Email is too long.")
  .pipe(z.email({ message: "Enter a valid email address." }));

export const passwordSchema = z
  .string()
  .min(10, "Use at least 10 characters.")
  .max(200, "Use at most 200 characters.");

export const signUpSchema = z.object({
  name: plainText(z.string().trim().max(100, "Use at most 100 characters."), "Name").optional().default(""),
  email: emailSchema,
  password: passwordSchema,
});

export type SignUpInput = z.input<typeof signUpSchema>;
