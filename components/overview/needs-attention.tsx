import Link from "next/link";
import { ImpactLabel } from "@/components/portal/status-visuals";
import { LocalTime } from "@/components/ui/local-time";
import { NEW_POST_DAYS, type WorkspaceOverview } from "@/lib/domain/workspaces/get-workspace-overview";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** What someone should look at today: untriaged new posts, incidents still open, unpublished notes. */
export function NeedsAttention({ slug, attention }: { slug: string; attention: WorkspaceOverview["attention"] }) {
  const { newPosts, draftNotes, activeIncidentCount, activeIncidents } = attention;
  const nothing = newPosts === 0 && draftNotes === 0 && activeIncidentCount === 0;
  return (
    <section aria-labelledby="attention-heading" data-testid="needs-attention">
      <h2 id="attention-heading" className="text-sm font-semibold text-slate-900">
        Needs attention
      </h2>
      {nothing ? (
        <p className="mt-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600 sm:px-6">
          All clear: no new posts, no active incidents, no drafts waiting.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {activeIncidents.map((incident) => (
            <li key={incident.id}>
              <AttentionLink href={`/w/${slug}/status`} tone="red">
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium text-slate-900">{incident.title}</span>
                    <ImpactLabel impact={incident.impact} />
                  </span>
                  <span className="block text-slate-600">
                    Active incident, {incident.status} since{" "}
                    <LocalTime value={incident.createdAt.toISOString()} />
                  </span>
                </span>
              </AttentionLink>
            </li>
          ))}
          {activeIncidentCount > activeIncidents.length ? (
            <li>
              <AttentionLink href={`/w/${slug}/status`} tone="red">
                <span className="font-medium text-slate-900">{plural(activeIncidentCount - activeIncidents.length, "more active incident", "more active incidents")}</span>
              </AttentionLink>
            </li>
          ) : null}
          {newPosts > 0 ? (
            <li>
              <AttentionLink href={`/w/${slug}/posts?status=open`} tone="indigo">
                <span>
                  <span className="block font-medium text-slate-900">{plural(newPosts, "new post", "new posts")}</span>
                  <span className="block text-slate-600">Still open, from the last {NEW_POST_DAYS} days</span>
                </span>
              </AttentionLink>
            </li>
          ) : null}
          {draftNotes > 0 ? (
            <li>
              <AttentionLink href={`/w/${slug}/changelog`} tone="amber">
                <span>
                  <span className="block font-medium text-slate-900">{plural(draftNotes, "release-note draft", "release-note drafts")}</span>
                  <span className="block text-slate-600">Not published yet</span>
                </span>
              </AttentionLink>
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

const DOTS = { red: "bg-red-500", indigo: "bg-indigo-500", amber: "bg-amber-500" } as const;

function AttentionLink({ href, tone, children }: { href: string; tone: keyof typeof DOTS; children: React.ReactNode }) {
  return (
    <Link href={href} className="flex items-center gap-3 px-4 py-3 text-sm hover:bg-slate-50 sm:px-6">
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${DOTS[tone]}`} />
      {children}
      <span aria-hidden="true" className="ml-auto pl-2 text-slate-400">
        →
      </span>
    </Link>
  );
}
