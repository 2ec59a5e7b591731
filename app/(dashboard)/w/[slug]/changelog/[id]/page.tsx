import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NoteStateBadge } from "@/components/changelog/note-state-badge";
import { NoteEditor } from "@/components/changelog/note-editor";
import { Markdown } from "@/components/portal/markdown";
import { NotificationLog } from "@/components/subscriptions/notification-log";
import { LocalTime } from "@/components/ui/local-time";
import { idSchema } from "@/lib/platform/core/schemas";
import { getEditorNote } from "@/lib/domain/changelog/get-changelog-dashboard";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { roleCan } from "@/lib/domain/access/roles";
import { getNotificationLog } from "@/lib/domain/subscriptions/notification-log";

export const metadata: Metadata = { title: "Release note" };

type Props = { params: Promise<{ slug: string; id: string }> };

export default async function NotePage({ params }: Props) {
  const { slug, id } = await params;
  const { actor } = await workspacePageActor(slug, `/changelog/${id}`);
  const note = idSchema.safeParse(id).success ? await getEditorNote(actor.db, id) : null;
  if (!note) notFound();
  // Keyed on the version, so a save elsewhere that re-renders this page starts the editor afresh.
  if (roleCan(actor.role, "changelog.manage")) {
    const log = await getNotificationLog(actor, { type: "release_note", id });
    return (
      <div className="space-y-6">
        <NoteEditor key={note.version} slug={slug} note={note} limitMessage={null} />
        <NotificationLog log={log} />
      </div>
    );
  }

  return (
    <main className="space-y-4">
      <Link href={`/w/${slug}/changelog`} className="text-sm text-slate-500 hover:text-slate-800">
        ← Changelog
      </Link>
      <article className="rounded-xl border border-slate-200 bg-white p-5 sm:p-8">
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <NoteStateBadge state={note.state} />
          {note.publishedAt ? <LocalTime value={note.publishedAt} /> : null}
        </p>
        <h1 dir="auto" className="mt-2 text-2xl font-semibold tracking-tight">{note.title}</h1>
        <Markdown source={note.body} className="mt-4" />
      </article>
    </main>
  );
}
