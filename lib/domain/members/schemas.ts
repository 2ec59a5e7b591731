import { z } from "zod";
import { safeText } from "@/lib/platform/core/schemas";

// Emails are stored lower-cased (User.email), so lower-casing the query is the whole of the
// case-insensitive match, and the lookup stays an equality on the unique index.
const email = z
  .string({ error: (issue) => (issue.input === undefined ? "email is required." : "Send email once, as text.") })
  .pipe(safeText({ min: 1, max: 254, label: "email" }))
  .transform((value) => value.toLowerCase())
  .pipe(z.email({ message: "email must be an email address." }));

export const findMemberQuery = z.strictObject({ email });

export type FindMemberQuery = z.output<typeof findMemberQuery>;
