import type { Metadata } from "next";
import Link from "next/link";
import { NoteStateBadge } from "@/components/changelog/note-state-badge";
import { LocalTime } from "@/components/ui/local-time";
import { PlanMeter } from "@/components/settings/plan-meter";
import { getChangelogDashboard } from "@/lib/domain/changelog/get-changelog-dashboard";
import { NOTE_STATE_FILTERS, type NoteStateFilter } from "@/lib/domain/changelog/schemas";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { getPlanAllowance } from "@/lib/domain/plans/get-plan-allowance";
import { roleCan } from "@/lib/domain/access/roles";

export const metadata: Metadata = { title: "Changelog" };

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const TAB_LABELS: Record<NoteStateFilter, string> = { all: "All", draft: "Drafts", scheduled: "Scheduled", published: "Published" };
const TABS: NoteStateFilter[] = ["all", "draft", "scheduled", "published"];
const isState = (value: unknown): value is NoteStateFilter => typeof value === "string" && (NOTE_STATE_FILTERS as readonly string[]).includes(value);

/** `?state=all|draft|scheduled|published`: which notes, in the URL. */
export default async function ChangelogPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const state = isState(query.state) ? query.state : "all";
  const { actor, workspace } = await workspacePageActor(slug, "/changelog");
  const [{ notes, counts }, allowance] = await Promise.all([getChangelogDashboard(actor.db, state), getPlanAllowance(actor.db, workspace.plan, "releaseNotes")]);
  const canManage = roleCan(actor.role, "changelog.manage");

  return (
    <main className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="max-w-xl">
          <h1 className="text-2xl font-semibold tracking-tight">Changelog</h1>
          <p className="mt-1 text-sm text-slate-600">
            Release notes in Markdown: drafts, scheduled and published.{" "}
            {workspace.portalPublished ? (
              <Link href={`/p/${slug}/changelog`} className="text-indigo-700 underline underline-offset-2 hover:text-indigo-600">
                View the public changelog
              </Link>
            ) : (
              "Publish the portal in Settings to show it publicly."
            )}
            {canManage ? (
              <>
                {" "}
                <Link href={`/w/${slug}/changelog/subscribers`} className="text-indigo-700 underline underline-offset-2 hover:text-indigo-600" data-testid="changelog-subscribers-link">
                  Subscribers
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:items-end">
          {canManage ? (
            allowance.limitMessage ? (
              <span aria-disabled="true" className="inline-flex cursor-not-allowed items-center justify-center rounded-md bg-indigo-300 px-4 py-2 text-sm font-medium text-white">
                New note
              </span>
            ) : (
              <Link href={`/w/${slug}/changelog/new`} className="inline-flex items-center justify-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
                New note
              </Link>
            )
          ) : null}
          <PlanMeter used={allowance.used} limit={allowance.limit} plan={workspace.plan} label="release notes" testId="note-usage" />
        </div>
      </div>
      {allowance.limitMessage && canManage ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-800" data-testid="note-limit-note">
          {allowance.limitMessage} Delete a note to write another.
        </p>
      ) : null}

      <nav aria-label="Note state" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-1 border-b border-slate-200 text-sm">
          {TABS.map((tab) => {
            const current = tab === state;
            return (
              <li key={tab} className="shrink-0">
                <Link
                  href={tab === "all" ? `/w/${slug}/changelog` : `/w/${slug}/changelog?state=${tab}`}
                  aria-current={current ? "page" : undefined}
                  className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 whitespace-nowrap ${current ? "border-indigo-600 font-medium text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
                >
                  {TAB_LABELS[tab]}
                  <span className={`rounded-full px-1.5 text-xs tabular-nums ${current ? "bg-indigo-100 text-indigo-800" : "bg-slate-100 text-slate-600"}`}>{counts[tab]}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {notes.length ? (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="note-list">
          {notes.map((note) => (
            <li key={note.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
              <div className="min-w-0 flex-1">
                <Link dir="auto" href={`/w/${slug}/changelog/${note.id}`} className="font-medium break-words text-slate-900 hover:text-indigo-700 hover:underline">
                  {note.title}
                </Link>
                <p className="mt-0.5 text-xs text-slate-600">
                  {note.state === "draft" ? (
                    "Not published"
                  ) : (
                    <>
                      {note.state === "scheduled" ? "Goes live" : "Published"} <LocalTime value={note.publishedAt!} />
                    </>
                  )}
                  {note.postCount ? ` · ships ${note.postCount} post${note.postCount === 1 ? "" : "s"}` : ""}
                </p>
              </div>
              <div className="self-start sm:self-center">
                <NoteStateBadge state={note.state} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-medium text-slate-900">{state === "all" ? "No release notes yet" : `No ${TAB_LABELS[state].toLowerCase()}`}</p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">Tell your users what shipped: write a note, link the posts it answers, and publish it now or at a time you pick.</p>
        </div>
      )}
    </main>
  );
}
