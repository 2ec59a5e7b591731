import { DomainError } from "@/lib/platform/core/errors";
import { sqlFragment } from "@/lib/platform/core/sql-fragment";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { sharedPostFields } from "./view";
import { readHostMetadata } from "@/lib/domain/posts/host-metadata";
import { VOTER_SPEND_EXACT_SQL } from "./voter-spend";

/** Comments and voters a post's page lists until asked for all of them: a view's work stays small. */
export const TEAM_FIRST_SHOWN = 50;
/** At most this many voters, and comments, when asked for all. */
export const TEAM_VOTERS_LIMIT = 100;
export const TEAM_COMMENTS_LIMIT = 200;

/** Which of the post's lists to read in full (the page's `?voters=all` and `?comments=all`). */
export interface TeamPostLists {
  allVoters?: boolean;
  allComments?: boolean;
}

// An SSO user (lib/domain/sso) comes with the address its token gave, its picture and its
// companies: the team sees who wants a post and what their company pays.
const person = {
  select: {
    name: true,
    email: true,
    ssoWorkspaceId: true,
    ssoEmail: true,
    avatarUrl: true,
    ssoCompanies: { select: { company: { select: { id: true, name: true, monthlySpend: true } } }, take: 20 },
  },
} as const;

type PersonRow = {
  name: string | null;
  email: string;
  ssoWorkspaceId: string | null;
  ssoEmail: string | null;
  avatarUrl: string | null;
  ssoCompanies: { company: { id: string; name: string; monthlySpend: { toString(): string } } }[];
};

export function teamPerson(row: PersonRow) {
  const companies = row.ssoCompanies
    .map(({ company }) => ({ id: company.id, name: company.name, monthlySpend: Number(company.monthlySpend.toString()) }))
    .sort((a, b) => b.monthlySpend - a.monthlySpend);
  return { name: row.name, email: row.ssoWorkspaceId ? (row.ssoEmail ?? "") : row.email, sso: row.ssoWorkspaceId !== null, avatarUrl: row.avatarUrl, companies };
}

/** What the companies of these voters pay a month, each company once. */
function spendOf(voters: { companies: { id: string; monthlySpend: number }[] }[]): number {
  const companies = new Map(voters.flatMap((voter) => voter.companies.map((company) => [company.id, company.monthlySpend] as const)));
  return [...companies.values()].reduce((sum, spend) => sum + spend, 0);
}

/** The same over every voter of the post, listed or not, in one statement. */
async function spendOfAllVoters(actor: WorkspaceActor, postId: string): Promise<number> {
  const [row] = await actor.db.$selectRows<{ spend: number | string }>({
    from: "post",
    columns: `${VOTER_SPEND_EXACT_SQL} AS spend`,
    where: [sqlFragment`id = ${postId}`],
    orderBy: "",
    limit: 1,
  });
  return Number(row?.spend ?? 0);
}

// A comment's author as the page names them: no picture or companies, which it does not show.
const commentAuthor = { select: { name: true, email: true, ssoWorkspaceId: true, ssoEmail: true } } as const;

/** The name, else the address teamPerson would give. */
function authorName(row: Pick<PersonRow, "name" | "email" | "ssoWorkspaceId" | "ssoEmail">): string {
  return row.name ?? (row.ssoWorkspaceId ? (row.ssoEmail ?? "") : row.email);
}

/**
 * One post as the team sees it on the dashboard: author, board, roadmap link, merge links, who
 * voted and when (newest first), and its comments including hidden ones (oldest first): the first
 * TEAM_FIRST_SHOWN of each list unless `lists` asks for all. The totals (votes, comments, what the
 * voters' companies pay) count every row, listed or not. Nested reads are not fenced by the scoped
 * accessor, so each names the workspace itself.
 */
export async function getTeamPost(actor: WorkspaceActor, postId: string, lists: TeamPostLists = {}) {
  authorize(actor, "workspace.read", "read posts");
  const inWorkspace = { workspaceId: actor.workspaceId };
  const votersShown = lists.allVoters ? TEAM_VOTERS_LIMIT : TEAM_FIRST_SHOWN;
  const post = await actor.db.post.findUnique({
    where: { id: postId },
    include: {
      author: person,
      board: { select: { id: true, name: true, slug: true, isPublic: true, workspaceId: true } },
      roadmapItem: { select: { id: true, title: true, stage: true, workspaceId: true } },
      mergedInto: { select: { id: true, title: true, workspaceId: true } },
      mergedFrom: { where: inWorkspace, orderBy: [{ mergedAt: "desc" }, { id: "desc" }], take: 50, select: { id: true, title: true, mergedAt: true } },
      // One more voter than listed says whether there are more (and so whether the spend needs them all).
      votes: { where: inWorkspace, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: votersShown + 1, select: { id: true, createdAt: true, user: person } },
      comments: {
        where: inWorkspace,
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: lists.allComments ? TEAM_COMMENTS_LIMIT : TEAM_FIRST_SHOWN,
        select: { id: true, body: true, isTeamReply: true, hiddenAt: true, createdAt: true, author: commentAuthor },
      },
      _count: { select: { comments: { where: inWorkspace } } },
    },
  });
  if (!post || post.board.workspaceId !== actor.workspaceId) throw new DomainError("NOT_FOUND", "Post not found.");
  const sameWorkspace = <T extends { workspaceId: string }>(row: T | null) => (row && row.workspaceId === actor.workspaceId ? row : null);
  const roadmapItem = sameWorkspace(post.roadmapItem);
  const mergedInto = sameWorkspace(post.mergedInto);
  const moreVoters = post.votes.length > votersShown;
  const voters = post.votes.slice(0, votersShown).map((vote) => ({ id: vote.id, user: teamPerson(vote.user), createdAt: vote.createdAt.toISOString() }));
  return {
    ...sharedPostFields(post),
    version: post.version,
    mergedAt: post.mergedAt?.toISOString() ?? null,
    author: post.author ? teamPerson(post.author) : null,
    board: { id: post.board.id, name: post.board.name, slug: post.board.slug, isPublic: post.board.isPublic },
    roadmapItem: roadmapItem ? { id: roadmapItem.id, title: roadmapItem.title, stage: roadmapItem.stage } : null,
    mergedInto: mergedInto ? { id: mergedInto.id, title: mergedInto.title } : null,
    mergedFrom: post.mergedFrom.map((row) => ({ id: row.id, title: row.title, mergedAt: row.mergedAt?.toISOString() ?? null })),
    voters,
    /** Whether the post has voters beyond those listed. */
    moreVoters,
    /** The monthly spend of every voter's company (each company once). */
    voterSpend: moreVoters ? await spendOfAllVoters(actor, post.id) : spendOf(voters.map((vote) => vote.user)),
    comments: post.comments.map((comment) => ({
      id: comment.id,
      body: comment.body,
      isTeamReply: comment.isTeamReply,
      /** The author's name, else their address; null for a deleted account. */
      author: comment.author ? authorName(comment.author) : null,
      hiddenAt: comment.hiddenAt?.toISOString() ?? null,
      createdAt: comment.createdAt.toISOString(),
    })),
    /** Every comment, hidden ones too (commentCount counts only what the portal shows). */
    totalComments: post._count.comments,
    /** Where an idea sent from the widget was written, as the host page said (null otherwise). */
    hostMetadata: readHostMetadata(post.hostMetadata),
  };
}
export type TeamPost = Awaited<ReturnType<typeof getTeamPost>>;

/** A post's title for the dashboard's tab, or null when there is no such post in the workspace. */
export async function getTeamPostTitle(actor: WorkspaceActor, postId: string): Promise<string | null> {
  authorize(actor, "workspace.read", "read posts");
  const post = await actor.db.post.findUnique({ where: { id: postId }, select: { title: true } });
  return post?.title ?? null;
}
