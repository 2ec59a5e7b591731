"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { TextareaField } from "@/components/ui/textarea-field";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import { parseTags } from "./tags";
import { savePostTextAction, type PostText } from "@/lib/surfaces/actions/dashboard/post";

type Versioned = PostText & { version: number };
const FIELDS = new Set(["title", "body", "tags"]);

/**
 * Title, body and tags, read-only for viewers; members edit them in place. The form keeps the
 * version it was opened with: if someone else saved meanwhile, the save is refused and their
 * version is shown next to the edits, to take theirs or save these over it knowingly.
 */
export function PostTextEditor({ slug, postId, post, canEdit }: { slug: string; postId: string; post: Versioned; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <EditForm slug={slug} postId={postId} post={post} onDone={() => setEditing(false)} />;
  return (
    <div>
      <div className="flex items-start justify-between gap-3">
        <h1 dir="auto" className="min-w-0 text-xl font-semibold tracking-tight break-words sm:text-2xl" data-testid="post-title">
          {post.title}
        </h1>
        {canEdit ? (
          <Button variant="secondary" className="shrink-0 px-3 py-1.5" onClick={() => setEditing(true)}>
            Edit
          </Button>
        ) : null}
      </div>
      {post.body ? (
        <p dir="auto" className="mt-3 text-sm whitespace-pre-wrap break-words text-slate-700" data-testid="post-body">
          {post.body}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-500">No details.</p>
      )}
      {post.tags.length ? (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
          {post.tags.map((tag) => (
            <li key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function EditForm({ slug, postId, post, onDone }: { slug: string; postId: string; post: Versioned; onDone: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [title, setTitle] = useState(post.title);
  const [body, setBody] = useState(post.body);
  const [tags, setTags] = useState(post.tags.join(", "));
  const [version, setVersion] = useState(post.version);
  const [theirs, setTheirs] = useState<Versioned | null>(null);
  const { errors, setErrors, pending, submit, formError } = useActionForm("The server did not answer; nothing was saved. Try again.");
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector("input")?.focus(), []);

  async function save(onVersion = version) {
    await submit(
      async () => {
        const result = await savePostTextAction(slug, postId, { title, body, tags: parseTags(tags) }, onVersion);
        if (!result.ok && "current" in result) setTheirs(result.current);
        return result;
      },
      () => {
        toast.success("Post saved.");
        onDone();
        router.refresh();
      },
    );
  }

  function takeTheirs() {
    if (!theirs) return;
    setTitle(theirs.title);
    setBody(theirs.body);
    setTags(theirs.tags.join(", "));
    setVersion(theirs.version);
    setTheirs(null);
    setErrors({});
  }

  function keepMine() {
    if (!theirs) return;
    setVersion(theirs.version);
    setTheirs(null);
    void save(theirs.version);
  }

  const message = formError(FIELDS);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) void save();
      }}
      noValidate
      aria-busy={pending}
      aria-label="Edit post"
      ref={form}
      className="space-y-4"
    >
      {message && !theirs ? <Alert>{message}</Alert> : null}
      {theirs ? (
        <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="stale-post">
          <p className="font-medium">Someone else changed this post since you opened it. Nothing was saved.</p>
          <div className="rounded-md border border-amber-200 bg-white p-3 text-slate-800">
            <p className="text-xs font-medium text-slate-500 uppercase">Current version</p>
            <p dir="auto" className="mt-1 font-medium" data-testid="stale-title">
              {theirs.title}
            </p>
            {theirs.body ? <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-slate-700">{theirs.body}</p> : null}
            {theirs.tags.length ? <p className="mt-1 text-xs text-slate-600">{theirs.tags.map((tag) => `#${tag}`).join(" ")}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={takeTheirs}>
              Use the current version
            </Button>
            <Button onClick={keepMine}>Save mine over it</Button>
          </div>
        </div>
      ) : null}
      <Field label="Title" value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} error={errors.title} readOnly={pending} autoComplete="off" />
      <TextareaField label="Details" value={body} onChange={(event) => setBody(event.target.value)} rows={6} maxLength={10_000} error={errors.body} readOnly={pending} />
      <Field label="Tags" value={tags} onChange={(event) => setTags(event.target.value)} hint="Separated by commas; at most 10." error={errors.tags} readOnly={pending} autoComplete="off" />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending || theirs !== null} className="sm:min-w-28">
          {pending ? "Saving…" : "Save"}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
