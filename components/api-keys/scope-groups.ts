import type { Role } from "@/lib/generated/prisma/enums";
import { MIN_ROLE_FOR_SCOPE, roleAllowsScope, SCOPES, type Scope } from "@/lib/domain/access/roles";

// lib/domain/access/roles.ts SCOPES grouped by resource for the key form, with words for people.
const RESOURCES: Record<string, { label: string; description: string }> = {
  boards: { label: "Boards", description: "Feedback boards" },
  posts: { label: "Posts", description: "Posts, with their votes and comments" },
  roadmap: { label: "Roadmap", description: "Roadmap items and their posts" },
  changelog: { label: "Changelog", description: "Release notes" },
  status: { label: "Status page", description: "Components, incidents and maintenance" },
  members: { label: "Members", description: "Members, their roles and invitations" },
  todos: { label: "Todos", description: "Todo lists and items" },
  webhooks: { label: "Webhooks", description: "Webhook endpoints and their deliveries" },
};

export interface ScopeGroup {
  resource: string;
  label: string;
  description: string;
  read: Scope | null;
  write: Scope | null;
}

export const SCOPE_GROUPS: ScopeGroup[] = [...new Set(SCOPES.map((scope) => scope.split(":")[0]!))].map((resource) => ({
  resource,
  label: RESOURCES[resource]?.label ?? resource,
  description: RESOURCES[resource]?.description ?? "",
  read: (SCOPES.find((scope) => scope === `${resource}:read`) ?? null) as Scope | null,
  write: (SCOPES.find((scope) => scope === `${resource}:write`) ?? null) as Scope | null,
}));

export function grantableScopes(role: Role): Scope[] {
  return SCOPES.filter((scope) => roleAllowsScope(role, scope));
}

export const PRESETS = {
  "read-only": { label: "Read only", scopes: (role: Role) => grantableScopes(role).filter((scope) => scope.endsWith(":read")) },
  "full-access": { label: "Full access", scopes: (role: Role) => grantableScopes(role) },
} as const;

export type PresetId = keyof typeof PRESETS;

/** Why a scope's box is disabled for this role, or null when the role may grant it. */
export function scopeRefusal(role: Role, scope: Scope): string | null {
  if (roleAllowsScope(role, scope)) return null;
  return `Needs the ${MIN_ROLE_FOR_SCOPE[scope].toLowerCase()} role; you are ${role.toLowerCase()}.`;
}
