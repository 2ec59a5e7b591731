import { publishedBy, stateWhere, type NoteState } from "@/lib/domain/access/published-release-notes";
import { isMember, type Audience } from "@/lib/platform/core/audience";
import { Prisma } from "@/lib/generated/prisma/client";

// Who may see what, each rule written once and named: every reader that needs a rule (the portal's,
// the public JSON's, the REST API's, the dashboard's) uses it from here, so changing a rule here
// changes it everywhere. Where a rule is needed in raw SQL, its SQL form sits beside it.

/** A workspace whose portal the team has published: the only ones the public surface answers for. */
export const publishedPortalFilter = { portalPublished: true } as const satisfies Prisma.WorkspaceWhereInput;

export function isPublishedPortal(workspace: { portalPublished: boolean }): boolean {
  return workspace.portalPublished === publishedPortalFilter.portalPublished;
}

/** A board the team shows on the portal; private boards are the team's alone. */
export const publicBoardFilter = { isPublic: true } as const satisfies Prisma.BoardWhereInput;

export function isPublicBoard(board: { isPublic: boolean }): boolean {
  return board.isPublic === publicBoardFilter.isPublic;
}

/** The condition on a board row `alias` in raw SQL, bound to the same value as the filter. */
export function publicBoardSql(alias: string) {
  return Prisma.sql`${Prisma.raw(`${alias}."isPublic"`)} = ${publicBoardFilter.isPublic}`;
}

/** A board that takes new posts: archiving one closes it to new ideas and takes it off the portal's list. */
export const openBoardFilter = { archivedAt: null } as const satisfies Prisma.BoardWhereInput;

export function isOpenBoard(board: { archivedAt: Date | null }): boolean {
  return board.archivedAt === openBoardFilter.archivedAt;
}

/**
 * An incident is active until it is resolved. Resolving stamps resolvedAt in the same write that
 * sets the status, and an incident is never opened resolved, so resolvedAt alone tells the states
 * apart (and it is the indexed column).
 */
export const activeIncidentFilter = { resolvedAt: null } as const satisfies Prisma.IncidentWhereInput;
export const resolvedIncidentFilter = { resolvedAt: { not: null } } as const satisfies Prisma.IncidentWhereInput;

/** A comment not hidden by a moderator: what the portal shows and what a post's commentCount counts. */
export const visibleCommentFilter = { hiddenAt: null } as const satisfies Prisma.CommentWhereInput;

/** The same condition in raw SQL (commentCount is recounted in SQL after merges and moderation). */
export const VISIBLE_COMMENT_SQL = Prisma.sql`"hiddenAt" IS NULL`;

/** Posts a board lists and counts on the portal: not those merged into another (their votes moved there). */
export const LISTED_POSTS = { mergedIntoId: null } as const satisfies Prisma.PostWhereInput;

/** The same condition in raw SQL (the posts list reads through the scoped raw reader). */
export const LISTED_POSTS_SQL = Prisma.sql`"mergedIntoId" IS NULL`;

// The rules above by who is asking (lib/platform/core/audience.ts): a member reads the whole workspace, as
// the role allows; a portal visitor and the public read what the portal publishes. Readers take an
// audience and apply these, so no surface decides visibility on its own.

/** The boards an audience may read: every board for a member, public ones for anyone else. */
export function boardsVisibleTo(audience: Audience): Prisma.BoardWhereInput {
  return isMember(audience) ? {} : publicBoardFilter;
}

/** The posts an audience may read: those on boards it may see. */
export function postsVisibleTo(audience: Audience): Prisma.PostWhereInput {
  return isMember(audience) ? {} : { board: publicBoardFilter };
}

/**
 * The posts an audience may read and a list shows to it, as conditions on a post row in raw SQL
 * (postsVisibleTo and postsListedTo), for the lists that read through the scoped raw reader.
 */
export function postsListedToSql(audience: Audience, workspaceId: string): Prisma.Sql[] {
  if (isMember(audience)) return [];
  return [
    LISTED_POSTS_SQL,
    Prisma.sql`"boardId" IN (SELECT b.id FROM "Board" b WHERE b."workspaceId" = ${workspaceId} AND ${publicBoardSql("b")})`,
  ];
}

/** The comments an audience may read: hidden ones stay with the team. */
export function commentsVisibleTo(audience: Audience): Prisma.CommentWhereInput {
  return isMember(audience) ? {} : visibleCommentFilter;
}

/** The posts a board lists and counts for an audience: the team counts merged ones too. */
export function postsListedTo(audience: Audience): Prisma.PostWhereInput {
  return isMember(audience) ? {} : LISTED_POSTS;
}

/**
 * The release notes an audience may read: a member the state asked for (the API narrows it to
 * `published` first for a key without changelog:write), anyone else live notes only.
 */
export function releaseNotesVisibleTo(audience: Audience, now: Date, state: NoteState | "all" = "published"): Prisma.ReleaseNoteWhereInput {
  return isMember(audience) ? stateWhere(state, now) : publishedBy(now);
}
