import type { Role } from "@/lib/generated/prisma/enums";

/**
 * Who is asking a reader, which decides what it may see (lib/domain/access/visibility.ts names each rule):
 * a member of the workspace with their role sees everything the role allows, private boards and
 * hidden comments included; a signed-in portal visitor and the signed-out public see only what the
 * portal publishes, the visitor with their own votes on top. A WorkspaceActor (the dashboard's, and
 * the REST API's and MCP's ApiContext) is a member audience as it stands, so those callers pass it
 * straight through.
 */
export type Audience = MemberAudience | VisitorAudience | { kind: "public" };

export interface MemberAudience {
  kind: "member";
  role: Role;
  userId: string;
}

export interface VisitorAudience {
  kind: "visitor";
  userId: string;
}

export const PUBLIC_AUDIENCE: Audience = { kind: "public" };

/** The portal's reader: the signed-in visitor, or the public when nobody is signed in. */
export function portalAudience(userId: string | null | undefined): Audience {
  return userId ? { kind: "visitor", userId } : PUBLIC_AUDIENCE;
}

export function isMember(audience: Audience): audience is MemberAudience {
  return audience.kind === "member";
}

/** The signed-in user behind an audience, if any (whose votes a page marks). */
export function userIdOf(audience: Audience): string | null {
  return audience.kind === "public" ? null : audience.userId;
}
