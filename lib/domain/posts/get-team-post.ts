import { DomainError } from "@/lib/platform/core/errors";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { sharedPostFields } from "./view";
import { readHostMetadata } from "@/lib/domain/posts/host-metadata";

export const TEAM_VOTERS_LIMIT = 100;
export const TEAM_COMMENTS_LIMIT = 200;

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

/**
 * One post as the team sees it on the dashboard: author, board, roadmap link, merge links, who
 * voted and when (newest first), and every comment including hidden ones (oldest first). Nested
 * reads are not fenced by the scoped accessor, so each names the workspace itself.
 */
export async function getTeamPost(actor: WorkspaceActor, postId: string) {
  authorize(actor, "workspace.read", "read posts");
  const inWorkspace = { workspaceId: actor.workspaceId };
  const post = await actor.db.post.findUnique({
    where: { id: postId },
    include: {
      author: person,
      board: { select: { id: true, name: true, slug: true, isPublic: true, workspaceId: true } },
      roadmapItem: { select: { id: true, title: true, stage: true, workspaceId: true } },
      mergedInto: { select: { id: true, title: true, workspaceId: true } },
      mergedFrom: { where: inWorkspace, orderBy: [{ mergedAt: "desc" }, { id: "desc" }], take: 50, select: { id: true, title: true, mergedAt: true } },
      votes: { where: inWorkspace, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: TEAM_VOTERS_LIMIT, select: { id: true, createdAt: true, user: person } },
      comments: {
        where: inWorkspace,
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: TEAM_COMMENTS_LIMIT,
        select: { id: true, body: true, isTeamReply: true, hiddenAt: true, createdAt: true, author: person },
      },
      _count: { select: { comments: { where: inWorkspace } } },
    },
  });
  if (!post || post.board.workspaceId !== actor.workspaceId) throw new DomainError("NOT_FOUND", "Post not found.");
  const sameWorkspace = <T extends { workspaceId: string }>(row: T | null) => (row && row.workspaceId === actor.workspaceId ? row : null);
  const roadmapItem = sameWorkspace(post.roadmapItem);
  const mergedInto = sameWorkspace(post.mergedInto);
  const voters = post.votes.map((vote) => ({ id: vote.id, user: teamPerson(vote.user), createdAt: vote.createdAt.toISOString() }));
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
    /** The monthly spend of the listed voters' companies (each company once). */
    voterSpend: spendOf(voters.map((vote) => vote.user)),
    comments: post.comments.map((comment) => ({
      ...comment,
      author: comment.author ? teamPerson(comment.author) : null,
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
