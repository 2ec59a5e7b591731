import { z } from "zod";
import { safeText } from "@/lib/platform/core/schemas";
import { emailSchema } from "./schemas";

// How an integration names the person it acts for: an address, or the id the workspace's own app
// gives them (the `id` of its SSO tokens). Exactly one of the two.
export const personRefFields = {
  email: emailSchema.optional().meta({ description: "The person by address: this workspace's SSO user with that address if there is one, else the account that signed up with it." }),
  externalId: safeText({ min: 1, max: 200, label: "externalId" })
    .optional()
    .meta({
      description:
        "The person by your app's own user id (the `id` claim of your SSO tokens): this workspace's SSO user with that id, made (without a name or address) when a vote or comment names an id that is new; their first SSO sign-in lands on that user.",
    }),
};

export type PersonRef = { email?: string; externalId?: string };

/** Adds the "exactly one of email and externalId" rule to an object holding the two fields. */
export function exactlyOnePerson(value: PersonRef, context: z.RefinementCtx, prefix: (string | number)[] = []) {
  if ((value.email === undefined) === (value.externalId === undefined)) {
    context.addIssue({ code: "custom", path: [...prefix, value.email === undefined ? "email" : "externalId"], message: "Name the person by email or by externalId (one of the two)." });
  }
}

export const personRef = z.strictObject(personRefFields).superRefine((value, context) => exactlyOnePerson(value, context));

/** A key for a person reference, to match batch items with the people found. */
export function personKey(ref: PersonRef): string {
  return ref.externalId !== undefined ? `x:${ref.externalId}` : `e:${ref.email}`;
}

/** The field of a reference that names the person, for error paths. */
export function personField(ref: PersonRef): "email" | "externalId" {
  return ref.externalId !== undefined ? "externalId" : "email";
}
