import type { Metadata } from "next";
import Link from "next/link";
import { describeAge } from "@/components/posts/format-age";
import { Age } from "@/components/posts/age";
import { humanize } from "@/components/portal/format";
import { PostStatus } from "@/components/portal/post-status";
import { PostNotificationsLog } from "@/components/posts/post-notifications-log";
import { companyLabel, formatSpend } from "@/components/sso/spend";
import { LocalTime } from "@/components/ui/local-time";
import { Badge } from "@/components/ui/badge";
import { workspaceActorIfMember, workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { listPostNotifications } from "@/lib/domain/notifications/list-post-notifications";
import { getTeamPost, getTeamPostTitle, TEAM_FIRST_SHOWN, type TeamPost, type TeamPostLists } from "@/lib/domain/posts/get-team-post";
import { allowedNextStatuses } from "@/lib/domain/posts/status-rules";
import { orNotFound } from "@/lib/surfaces/portal/load-portal";
import { listRoadmapChoices } from "@/lib/domain/roadmap/list-roadmap-choices";
import { roleCan } from "@/lib/domain/access/roles";
import { AdminActions } from "@/components/posts/admin-actions";
import { CommentsSection } from "@/components/posts/comments-section";
import { RoadmapSelect, StatusSelect } from "@/components/posts/post-controls";
import { PostTextEditor } from "@/components/posts/post-text-editor";
import { isPublicBoard, isPublishedPortal } from "@/lib/domain/access/visibility";
import { HostMetadataCard } from "@/components/widget/host-metadata-card";
import { VotersList, type VoterRow } from "@/components/posts/voters-list";
import { Avatar } from "@/components/portal/avatar";

type Props = { params: Promise<{ slug: string; postId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Comments and voters are listed TEAM_FIRST_SHOWN at a time; "Show more" is a link to this page
// with the list in full (?comments=all, ?voters=all), so the state is in the address: shared,
// reloaded and walked back like any page, and rendered by the server.
function readLists(search: Record<string, string | string[] | undefined>): TeamPostLists {
  return { allComments: search.comments === "all", allVoters: search.voters === "all" };
}

function postHref(slug: string, postId: string, lists: TeamPostLists) {
  const params = new URLSearchParams();
  if (lists.allComments) params.set("comments", "all");
  if (lists.allVoters) params.set("voters", "all");
  const text = params.toString();
  return `/w/${slug}/posts/${postId}${text ? `?${text}` : ""}`;
}

// The tab says which post: several open side by side are told apart by their titles. Someone who
// may not see the post gets the generic title (the page itself answers 404 or sign-in).
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, postId } = await params;
  const actor = await workspaceActorIfMember(slug);
  return { title: (actor && (await getTeamPostTitle(actor, postId))) || "Post" };
}

/** A voter as the list shows them; an optional field only when it has a value (an undefined one would still be sent). */
function voterRow(vote: TeamPost["voters"][number]): VoterRow {
  const row: VoterRow = { id: vote.id, name: vote.user.name ?? vote.user.email, createdAt: vote.createdAt, age: describeAge(vote.createdAt) };
  if (vote.user.email) row.email = vote.user.email;
  if (vote.user.companies[0]) row.company = companyLabel(vote.user.companies[0]);
  if (vote.user.avatarUrl) row.avatarUrl = vote.user.avatarUrl;
  return row;
}

export default async function PostPage({ params, searchParams }: Props) {
  const [{ slug, postId }, search] = await Promise.all([params, searchParams]);
  const lists = readLists(search);
  const { actor, workspace } = await workspacePageActor(slug, `/posts/${postId}`);
  const [post, roadmapChoices] = await Promise.all([orNotFound(getTeamPost(actor, postId, lists)), listRoadmapChoices(actor.db)]);
  const can = {
    edit: roleCan(actor.role, "posts.edit"),
    status: roleCan(actor.role, "posts.changeStatus") && !post.mergedIntoId,
    roadmap: roleCan(actor.role, "posts.linkRoadmap"),
    reply: roleCan(actor.role, "comments.replyAsTeam"),
    moderate: roleCan(actor.role, "comments.moderate"),
    merge: roleCan(actor.role, "posts.merge") && !post.mergedIntoId,
    delete: roleCan(actor.role, "posts.delete"),
    notifications: roleCan(actor.role, "notifications.read"),
  };
  const notifications = can.notifications ? await listPostNotifications(actor, post.id) : null;
  const portalHref = isPublicBoard(post.board) && isPublishedPortal(workspace) ? `/p/${slug}/posts/${post.id}` : null;

  return (
    <main className="space-y-4">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link href={`/w/${slug}/posts`} className="text-slate-500 hover:text-slate-800">
          ← Posts
        </Link>
        {portalHref ? (
          <Link href={portalHref} className="text-indigo-700 hover:underline">
            View on the portal <span aria-hidden="true">↗</span>
          </Link>
        ) : null}
      </nav>

      {post.mergedInto ? (
        <div role="status" className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900" data-testid="merged-banner">
          Merged into{" "}
          <Link href={`/w/${slug}/posts/${post.mergedInto.id}`} className="font-medium underline">
            {post.mergedInto.title}
          </Link>
          {post.mergedAt ? (
            <>
              {" "}
              on <LocalTime value={post.mergedAt} />
            </>
          ) : null}
          . Its votes and comments moved there, and its portal page leads there.
        </div>
      ) : null}

      {/* One grid, so on a phone the details (status, roadmap, votes) come right after the post and
          before the comments, while on a desktop they sit in a column beside both. */}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <article className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 lg:col-start-1">
          <PostTextEditor slug={slug} postId={post.id} post={{ title: post.title, body: post.body, tags: post.tags, version: post.version }} canEdit={can.edit} />
          <p className="mt-4 border-t border-slate-100 pt-3 text-xs text-slate-500">
            By {post.author?.avatarUrl ? <Avatar src={post.author.avatarUrl} /> : null}
            {post.author ? (post.author.name ?? post.author.email) : "a former account"}
            {post.author?.name && post.author.email ? <span> ({post.author.email})</span> : null}
            {post.author?.companies[0] ? <span data-testid="post-author-company"> · {companyLabel(post.author.companies[0])}</span> : null} · on <span className="text-slate-700">{post.board.name}</span> ·{" "}
            <LocalTime value={post.createdAt}>
              <Age iso={post.createdAt} words>
                {describeAge(post.createdAt)}
              </Age>
            </LocalTime>
          </p>
        </article>

        <aside className="min-w-0 space-y-4 lg:col-start-2 lg:row-span-3 lg:row-start-1" aria-label="Post details">
          <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
            {can.status ? (
              <StatusSelect key={post.status} slug={slug} postId={post.id} status={post.status} allowed={allowedNextStatuses(post.status)} />
            ) : (
              <div>
                <p className="text-xs font-medium text-slate-500">Status</p>
                <p className="mt-1">
                  <PostStatus status={post.status} />
                </p>
              </div>
            )}
            {can.roadmap ? (
              <RoadmapSelect key={post.roadmapItem?.id ?? "none"} slug={slug} postId={post.id} current={post.roadmapItem?.id ?? null} choices={roadmapChoices} />
            ) : (
              <div>
                <p className="text-xs font-medium text-slate-500">Roadmap item</p>
                <p className="mt-1 text-sm text-slate-800">{post.roadmapItem ? `${post.roadmapItem.title} (${humanize(post.roadmapItem.stage)})` : "Not on the roadmap"}</p>
              </div>
            )}
            <div>
              <p className="text-xs font-medium text-slate-500">Board</p>
              <p className="mt-1 flex items-center gap-2 text-sm text-slate-800">
                {post.board.name} <Badge tone={post.board.isPublic ? "green" : "neutral"}>{post.board.isPublic ? "Public" : "Private"}</Badge>
              </p>
            </div>
          </section>

          {post.hostMetadata ? <HostMetadataCard metadata={post.hostMetadata} /> : null}

          <section aria-labelledby="voters-heading" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="voters-heading" className="text-sm font-medium text-slate-900">
              <span className="tabular-nums" data-testid="post-vote-count">
                {post.voteCount}
              </span>{" "}
              {post.voteCount === 1 ? "vote" : "votes"}
            </h2>
            {post.voterSpend > 0 ? (
              <p className="mt-1 text-xs text-emerald-800" data-testid="post-voter-spend">
                Their companies spend <span className="font-semibold">{formatSpend(post.voterSpend)}</span> a month
              </p>
            ) : null}
            {post.voters.length ? (
              <VotersList voters={post.voters.map(voterRow)} addedFrom={lists.allVoters ? TEAM_FIRST_SHOWN : undefined} />
            ) : (
              <p className="mt-1 text-sm text-slate-500">{post.mergedInto ? "Its votes moved with the merge." : "No votes yet."}</p>
            )}
            {post.voteCount > post.voters.length ? (
              <p className="mt-2 flex flex-wrap items-baseline gap-x-3 text-xs text-slate-500">
                The latest {post.voters.length} of {post.voteCount}.
                {post.moreVoters && !lists.allVoters ? (
                  <Link href={`${postHref(slug, post.id, { ...lists, allVoters: true })}#more-voters`} className="text-sm font-medium text-indigo-700 hover:underline" data-testid="more-voters">
                    Show more voters
                  </Link>
                ) : null}
              </p>
            ) : null}
          </section>

          {notifications ? <PostNotificationsLog rows={notifications.rows} total={notifications.total} /> : null}

          {can.delete ? <AdminActions slug={slug} post={{ id: post.id, title: post.title, voteCount: post.voteCount, totalComments: post.totalComments }} canMerge={can.merge} /> : null}
        </aside>

        {post.mergedFrom.length ? (
          <section aria-labelledby="merged-here" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:p-5 lg:col-start-1">
            <h2 id="merged-here" className="font-medium text-slate-900">
              Merged into this post
            </h2>
            <ul className="mt-2 space-y-1">
              {post.mergedFrom.map((merged) => (
                <li key={merged.id}>
                  <Link href={`/w/${slug}/posts/${merged.id}`} className="text-indigo-700 hover:underline">
                    {merged.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="min-w-0 lg:col-start-1">
          <CommentsSection
            slug={slug}
            postId={post.id}
            comments={post.comments}
            total={post.totalComments}
            canReply={can.reply}
            canModerate={can.moderate}
            boardIsPublic={post.board.isPublic}
            merged={Boolean(post.mergedInto)}
            allHref={!lists.allComments && post.totalComments > post.comments.length ? postHref(slug, post.id, { ...lists, allComments: true }) : null}
            addedFrom={lists.allComments ? TEAM_FIRST_SHOWN : undefined}
          />
        </div>
      </div>
    </main>
  );
}
