"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore } from "react";
import { Markdown } from "@/components/portal/markdown";
import { PostStatus } from "@/components/portal/post-status";
import { PostPicker } from "@/components/posts/post-picker";
import { LocalTime } from "@/components/ui/local-time";
import { formatDateTime } from "@/lib/platform/text/format-date";
import { fromLocalInput, localTimeZone, toLocalInput } from "@/components/status/local-time";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { STAY_PENDING, useActionForm } from "@/components/ui/use-action-form";
import type { EditorNote } from "@/lib/domain/changelog/get-changelog-dashboard";
import { createNoteAction, deleteNoteAction, saveNoteAction } from "@/lib/surfaces/actions/dashboard/changelog";
import { searchPostsAction } from "@/lib/surfaces/actions/dashboard/roadmap";
import { NoteStateBadge } from "./note-state-badge";

type Mode = "draft" | "publish" | "schedule";
type Props = { slug: string; note: EditorNote | null; limitMessage: string | null };

const MODE_LABELS: Record<Mode, string> = { draft: "Draft", publish: "Publish now", schedule: "Schedule" };
const FIELDS = new Set(["title", "body", "publishedAt", "postIds"]);

const noSubscription = () => () => {};

function modeOf(note: EditorNote | null): Mode {
  if (!note || note.state === "draft") return "draft";
  return note.state === "scheduled" ? "schedule" : "publish";
}

/**
 * Write a release note in Markdown beside a live preview rendered by the portal's own renderer and
 * styles, link the posts it ships, and keep it a draft, publish it now or schedule it. Saves carry
 * the version the editor opened; a save from another tab in between is shown, never overwritten.
 */
export function NoteEditor({ slug, note, limitMessage }: Props) {
  const router = useRouter();
  const toast = useToast();
  const [saved, setSaved] = useState(note);
  const [title, setTitle] = useState(note?.title ?? "");
  const [body, setBody] = useState(note?.body ?? "");
  const [posts, setPosts] = useState(note?.posts ?? []);
  const [mode, setMode] = useState<Mode>(modeOf(note));
  // null until edited: then the stored schedule shows, in the browser's local time.
  const [edited, setWhen] = useState<string | null>(null);
  const [theirs, setTheirs] = useState<EditorNote | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { errors, setErrors, pending, submit, formError } = useActionForm("The server did not answer; nothing was saved. Try again.");

  // Local time exists only in the browser; the server render leaves it out (no hydration mismatch).
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  const zone = inBrowser ? localTimeZone() : "your time zone";
  const when = edited ?? (inBrowser && saved?.state === "scheduled" && saved.publishedAt ? toLocalInput(new Date(saved.publishedAt)) : "");

  const blocked = !saved && Boolean(limitMessage);
  const live = saved?.state === "published";
  const submitLabel = mode === "draft" ? (saved && saved.state !== "draft" ? "Unpublish to draft" : "Save draft") : mode === "schedule" ? "Schedule" : live ? "Save changes" : "Publish now";

  function load(from: EditorNote) {
    setSaved(from);
    setTitle(from.title);
    setBody(from.body);
    setPosts(from.posts);
    setMode(modeOf(from));
    setWhen(null);
    setTheirs(null);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || blocked) return;
    const local: Record<string, string> = {};
    if (!title.trim()) local.title = "Title must not be empty.";
    if (!body.trim()) local.body = "Write the note before saving it.";
    const at = mode === "schedule" ? fromLocalInput(when) : null;
    if (mode === "schedule" && !at) local.publishedAt = "Choose when the note goes live.";
    else if (at && Date.parse(at) <= Date.now()) local.publishedAt = "This moment has already passed. Pick a time in the future, or publish now.";
    if (Object.keys(local).length) return setErrors(local);
    const publication = mode === "draft" ? { status: "draft" as const } : { status: "published" as const, ...(at ? { publishedAt: at } : {}) };
    const postIds = posts.map((post) => post.id);

    if (!saved) {
      await submit(
        () => createNoteAction(slug, { title, body, postIds, publish: mode !== "draft", ...(at ? { publishedAt: at } : {}) }),
        (created) => {
          toast.success(mode === "draft" ? "Draft saved." : mode === "schedule" ? "Note scheduled." : "Note published.");
          router.push(`/w/${slug}/changelog/${created.id}`);
          return STAY_PENDING;
        },
      );
      return;
    }
    await submit(
      async () => {
        const result = await saveNoteAction(slug, saved.id, { title, body, postIds, version: saved.version, ...publication });
        if (!result.ok && "current" in result) setTheirs(result.current);
        return result;
      },
      (next) => {
        load(next);
        toast.success(next.state === "draft" ? "Draft saved." : next.state === "scheduled" ? `Scheduled for ${formatDateTime(next.publishedAt!, "viewer")}.` : "Published.");
      },
    );
  }

  async function remove(): Promise<string | null> {
    if (!saved) return null;
    const result = await deleteNoteAction(slug, saved.id);
    if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "The note could not be deleted.";
    toast.success(`“${saved.title}” is deleted.`);
    router.push(`/w/${slug}/changelog`);
    return null;
  }

  const message = formError(FIELDS);
  return (
    <main className="space-y-4">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link href={`/w/${slug}/changelog`} className="text-slate-500 hover:text-slate-800">
          ← Changelog
        </Link>
        {saved ? (
          <span className="flex items-center gap-2 text-slate-600">
            <NoteStateBadge state={saved.state} />
            {saved.publishedAt ? (
              <span>
                {saved.state === "scheduled" ? "goes live" : "published"} <LocalTime value={saved.publishedAt} />
              </span>
            ) : null}
          </span>
        ) : null}
      </nav>
      <h1 className="text-2xl font-semibold tracking-tight">{saved ? "Edit release note" : "New release note"}</h1>

      <form onSubmit={onSubmit} noValidate aria-busy={pending} className="space-y-4">
        {blocked ? <Alert>{limitMessage} Delete a note to write another.</Alert> : null}
        {theirs ? (
          <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="stale-note">
            <p className="font-medium">{message}</p>
            <p>
              Their version (version {theirs.version}, {theirs.state}): <strong>{theirs.title}</strong>
            </p>
            <Markdown source={theirs.body} className="max-h-48 overflow-y-auto rounded-md bg-white p-3 text-sm" />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => load(theirs)}>
                Load their version
              </Button>
              <Button variant="ghost" onClick={() => { setSaved({ ...saved!, version: theirs.version }); setTheirs(null); }}>
                Keep mine; the next save replaces theirs
              </Button>
            </div>
          </div>
        ) : message ? (
          <Alert>{message}</Alert>
        ) : null}

        <Field label="Title" name="title" value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} maxLength={200} autoComplete="off" placeholder="e.g. Faster search" readOnly={pending} />

        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <label htmlFor="note-body" className="block text-sm font-medium text-slate-900">
              Body <span className="font-normal text-slate-500">(Markdown)</span>
            </label>
            <textarea
              id="note-body"
              name="body"
              value={body}
              onChange={(event) => setBody(event.target.value)}
              maxLength={20_000}
              rows={16}
              readOnly={pending}
              aria-invalid={Boolean(errors.body)}
              aria-describedby={errors.body ? "note-body-error" : undefined}
              placeholder={"## What's new\n\n- **Faster search**: results in 50 ms"}
              className="mt-1.5 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm leading-relaxed placeholder:text-slate-400"
            />
            {errors.body ? (
              <p id="note-body-error" className="mt-1 text-sm text-red-700">
                {errors.body}
              </p>
            ) : null}
          </div>
          <section aria-labelledby="preview-heading" className="min-w-0">
            <h2 id="preview-heading" className="text-sm font-medium text-slate-900">
              Preview <span className="font-normal text-slate-500">(as on the portal)</span>
            </h2>
            <div className="mt-1.5 min-h-40 rounded-md border border-slate-200 bg-white p-4" data-testid="note-preview">
              {body.trim() ? <Markdown source={body} /> : <p className="text-sm text-slate-500">The rendered note shows here as you type.</p>}
            </div>
          </section>
        </div>

        <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-medium text-slate-900">Posts it ships</legend>
          <p className="text-sm text-slate-600">Their portal pages say “Shipped in” this note once it is live.</p>
          {posts.length ? (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Linked posts">
              {posts.map((post) => (
                <li key={post.id} className="flex items-center gap-1.5 rounded-full border border-slate-200 bg-slate-50 py-0.5 pr-1 pl-2.5 text-sm">
                  <span className="max-w-56 truncate">{post.title}</span>
                  <PostStatus status={post.status} />
                  <button type="button" aria-label={`Remove ${post.title}`} onClick={() => setPosts(posts.filter((other) => other.id !== post.id))} className="rounded-full px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800">
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {errors.postIds ? <p className="mt-1 text-sm text-red-700">{errors.postIds}</p> : null}
          <div className="mt-2">
            <PostPicker label="+ Link a post" ariaLabel="Link a post this note ships" search={(q) => searchPostsAction(slug, q)} excludeIds={posts.map((post) => post.id)} onPick={(post) => setPosts([...posts, post])} />
          </div>
        </fieldset>

        <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-medium text-slate-900">Publication</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {(Object.keys(MODE_LABELS) as Mode[]).map((each) => (
              <label key={each} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="mode" value={each} checked={mode === each} onChange={() => setMode(each)} className="size-4" />
                {each === "publish" && live ? "Published" : MODE_LABELS[each]}
              </label>
            ))}
          </div>
          {mode === "schedule" ? (
            <Field
              className="mt-3 max-w-xs"
              label="Goes live at"
              name="publishedAt"
              type="datetime-local"
              step={1}
              value={when}
              onChange={(event) => setWhen(event.target.value)}
              error={errors.publishedAt}
              hint={`In ${zone}. Until then it is on no page, feed or API answer.`}
              readOnly={pending}
            />
          ) : errors.publishedAt ? (
            <p className="mt-2 text-sm text-red-700">{errors.publishedAt}</p>
          ) : null}
        </fieldset>

        <div className="flex flex-wrap items-center justify-between gap-3">
          {saved ? (
            <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setDeleting(true)} disabled={pending}>
              Delete note
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={pending || blocked}>
            {pending ? "Saving…" : submitLabel}
          </Button>
        </div>
      </form>

      <ConfirmDialog open={deleting} title={saved ? `Delete “${saved.title}”?` : "Delete note?"} confirmLabel="Delete note" pendingLabel="Deleting…" onConfirm={remove} onCancel={() => setDeleting(false)}>
        <p>It disappears from the portal, the feed and the API. This cannot be undone.</p>
      </ConfirmDialog>
    </main>
  );
}
