import { z } from "zod";

/** The customer's sign-in page: an absolute https address (http only for a local machine), no credentials, no fragment. */
export const signInUrlSchema = z
  .string()
  .trim()
  .max(2000, "The sign-in URL must be at most 2000 characters.")
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: "custom", message: "Enter a full address, such as https://app.example.com/portal-sign-in." });
      return;
    }
    const local = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
    if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) context.addIssue({ code: "custom", message: "The sign-in URL must use https." });
    if (url.username || url.password) context.addIssue({ code: "custom", message: "The sign-in URL must not contain a user name or password." });
    if (url.hash) context.addIssue({ code: "custom", message: "The sign-in URL must not contain a #fragment." });
  });

export const ssoSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    signInUrl: z.union([signInUrlSchema, z.literal("")]).transform((value) => value || null),
    ssoOnly: z.boolean(),
  })
  .superRefine((value, context) => {
    if (value.enabled && !value.signInUrl) context.addIssue({ code: "custom", path: ["signInUrl"], message: "Set the sign-in URL before turning SSO on." });
    if (value.ssoOnly && !value.enabled) context.addIssue({ code: "custom", path: ["ssoOnly"], message: "“SSO only” needs SSO turned on." });
  });

export type SsoSettingsInput = z.input<typeof ssoSettingsInputSchema>;
