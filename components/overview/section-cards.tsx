import Link from "next/link";
import type { WorkspaceOverview } from "@/lib/domain/workspaces/get-workspace-overview";

const count = (n: number) => n.toLocaleString("en");

/** One card per section of the workspace, each a link to it with its size and what stands out. */
export function SectionCards({ slug, overview }: { slug: string; overview: WorkspaceOverview }) {
  const { counts, attention } = overview;
  const base = `/w/${slug}`;
  const cards: { label: string; href: string; value: number; caption: string; alert?: boolean }[] = [
    { label: "Posts", href: `${base}/posts`, value: counts.posts, caption: attention.newPosts > 0 ? `${count(attention.newPosts)} new this week` : counts.posts === 0 ? "No feedback yet" : "Nothing new this week" },
    { label: "Boards", href: `${base}/boards`, value: counts.boards, caption: counts.boards === 0 ? "None yet" : "Where feedback lands" },
    { label: "Roadmap", href: `${base}/roadmap`, value: counts.roadmapItems, caption: "Items planned or under way" },
    {
      label: "Changelog",
      href: `${base}/changelog`,
      value: counts.publishedNotes,
      caption: attention.draftNotes > 0 ? `Published · ${count(attention.draftNotes)} in draft` : "Published release notes",
    },
    {
      label: "Status",
      href: `${base}/status`,
      value: attention.activeIncidentCount,
      caption: attention.activeIncidentCount > 0 ? `Active incident${attention.activeIncidentCount === 1 ? "" : "s"} · ${count(counts.statusComponents)} components` : `No active incidents · ${count(counts.statusComponents)} components`,
      alert: attention.activeIncidentCount > 0,
    },
    { label: "Todos", href: `${base}/todos`, value: counts.openTodos, caption: "Open items" },
    {
      label: "Members",
      href: `${base}/settings/members`,
      value: counts.members,
      caption: counts.pendingInvitations > 0 ? `${count(counts.pendingInvitations)} invited` : "People in this workspace",
    },
    { label: "API keys", href: `${base}/settings/api-keys`, value: counts.activeKeys, caption: "Active keys" },
  ];
  return (
    <section aria-labelledby="sections-heading">
      <h2 id="sections-heading" className="text-sm font-semibold text-slate-900">
        Sections
      </h2>
      <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              href={card.href}
              data-testid={`card-${card.label.toLowerCase().replace(" ", "-")}`}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-indigo-300 hover:bg-indigo-50/40"
            >
              <span className="text-sm font-medium text-slate-600">{card.label}</span>
              <span className={`mt-1 text-2xl font-semibold tabular-nums ${card.alert ? "text-red-700" : "text-slate-900"}`}>{count(card.value)}</span>
              <span className={`mt-1 text-xs ${card.alert ? "font-medium text-red-700" : "text-slate-500"}`}>{card.caption}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
