import { z } from "zod";
import { plainText } from "@/lib/platform/core/schemas";

// Slugs appear in portal and API paths (/p/{slug}, /api/public/{slug}), so words the app itself
// routes on, or that would mislead visitors, are reserved.
export const RESERVED_SLUGS = new Set([
  "admin", "api", "app", "assets", "auth", "billing", "blog", "dashboard", "docs", "help", "login",
  "logout", "new", "null", "p", "portal", "public", "root", "settings", "sign-in", "sign-out",
  "sign-up", "signin", "signup", "static", "status", "support", "system", "undefined", "w", "www",
  "workspace", "workspaces",
]);

export const slugSchema = z
  .string()
  .trim()
  .min(3, "Use at least 3 characters.")
  .max(40, "Use at most 40 characters.")
  .regex(/^[a-z0-9-]+$/, "Use lowercase letters, digits and hyphens only.")
  .regex(/^[a-z0-9].*[a-z0-9]$/, "Start and end with a letter or digit.")
  .refine((slug) => !slug.includes("--"), "Do not use two hyphens in a row.")
  .refine((slug) => !RESERVED_SLUGS.has(slug), "This slug is reserved. Choose another.");

export const workspaceNameSchema = plainText(z.string().trim().min(1, "Enter a name.").max(80, "Use at most 80 characters."), "Name");

export const createWorkspaceSchema = z.object({ name: workspaceNameSchema, slug: slugSchema });

export function suggestSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
}
