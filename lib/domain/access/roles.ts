import type { Role } from "@/lib/generated/prisma/enums";

// The scopes, and the least workspace role a key's creator needs for each. A key acts
// with its creator's current role, so these minimums are checked on every request, not only when
// the key is created.
export const SCOPES = [
  "boards:read",
  "boards:write",
  "posts:read",
  "posts:write",
  "roadmap:read",
  "roadmap:write",
  "changelog:read",
  "changelog:write",
  "status:read",
  "status:write",
  "members:read",
  "members:write",
  "todos:read",
  "todos:write",
  "webhooks:read",
  "webhooks:write",
  "monitors:read",
  "monitors:write",
] as const;

export type Scope = (typeof SCOPES)[number];

export const ROLE_RANK: Record<Role, number> = { VIEWER: 0, MEMBER: 1, ADMIN: 2, OWNER: 3 };

export const MIN_ROLE_FOR_SCOPE: Record<Scope, Role> = {
  "boards:read": "VIEWER",
  "posts:read": "VIEWER",
  "roadmap:read": "VIEWER",
  "changelog:read": "VIEWER",
  "status:read": "VIEWER",
  "todos:read": "VIEWER",
  "members:read": "MEMBER",
  "posts:write": "MEMBER",
  "todos:write": "MEMBER",
  // Members link posts to roadmap items; creating, editing, moving and deleting items stays with
  // admins, checked by each use case as in the dashboard.
  "roadmap:write": "MEMBER",
  "changelog:write": "ADMIN",
  "status:write": "ADMIN",
  // Boards and members are managed by admins in the dashboard too.
  "boards:write": "ADMIN",
  "members:write": "ADMIN",
  // An endpoint's URL and its deliveries carry every event's data, drafts and private boards too.
  "webhooks:read": "ADMIN",
  "webhooks:write": "ADMIN",
  // A monitor's URL, headers and heartbeat secret may carry credentials.
  "monitors:read": "ADMIN",
  "monitors:write": "ADMIN",
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function roleAtLeast(role: Role, minimum: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}

export function roleAllowsScope(role: Role, scope: Scope): boolean {
  return roleAtLeast(role, MIN_ROLE_FOR_SCOPE[scope]);
}

/** Who manages keys, members and settings. */
export function canManageWorkspace(role: Role): boolean {
  return roleAtLeast(role, "ADMIN");
}

// What each role may do outside the API (dashboard, portal). Domain functions check
// these through `authorize` (lib/domain/access/actor.ts), so every surface gets the same rule.
export const MIN_ROLE_FOR_ACTION = {
  "workspace.read": "VIEWER",
  "workspace.leave": "VIEWER",
  "posts.create": "MEMBER",
  "posts.edit": "MEMBER",
  "posts.changeStatus": "MEMBER",
  "posts.linkRoadmap": "MEMBER",
  "comments.replyAsTeam": "MEMBER",
  // An integration recording what a customer said or wanted (a CRM, a support tool).
  "comments.onBehalf": "MEMBER",
  "votes.onBehalf": "MEMBER",
  "todos.manage": "MEMBER",
  "boards.manage": "ADMIN",
  "posts.merge": "ADMIN",
  "posts.delete": "ADMIN",
  "comments.moderate": "ADMIN",
  "roadmap.manage": "ADMIN",
  "changelog.manage": "ADMIN",
  "status.manage": "ADMIN",
  // Publishing the draft incident a monitor opened: one click for whoever is on call.
  "monitors.publishIncident": "MEMBER",
  "monitors.manage": "ADMIN",
  "members.manage": "ADMIN",
  "keys.manage": "ADMIN",
  "webhooks.manage": "ADMIN",
  "notifications.read": "ADMIN",
  "settings.manage": "ADMIN",
  "owners.manage": "OWNER",
  "plan.manage": "OWNER",
  "workspace.delete": "OWNER",
} as const satisfies Record<string, Role>;

export type Action = keyof typeof MIN_ROLE_FOR_ACTION;

export function roleCan(role: Role, action: Action): boolean {
  return roleAtLeast(role, MIN_ROLE_FOR_ACTION[action]);
}
