"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { STAY_PENDING, useActionForm } from "@/components/ui/use-action-form";
import { createPostAction } from "@/lib/surfaces/actions/dashboard/posts";
import { parseTags } from "./tags";

const FIELDS = new Set(["boardId", "title", "body", "tags"]);

/** "New post" for members: a post on any board, written for someone (it starts open). */
export function NewPostButton({ slug, boards, defaultBoardId }: { slug: string; boards: { id: string; name: string }[]; defaultBoardId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} className="shrink-0 self-start">
        New post
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="New post" description="Posts you write start open, like your users' own." testId="new-post-dialog">
        <NewPostForm slug={slug} boards={boards} defaultBoardId={defaultBoardId} onCancel={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function NewPostForm({ slug, boards, defaultBoardId, onCancel }: { slug: string; boards: { id: string; name: string }[]; defaultBoardId?: string; onCancel: () => void }) {
  const router = useRouter();
  const [boardId, setBoardId] = useState(defaultBoardId ?? boards[0]?.id ?? "");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [tags, setTags] = useState("");
  const { errors, pending, submit, formError } = useActionForm("The server did not answer; the post was not created. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    await submit(
      () => createPostAction(slug, { boardId, title, body, tags: parseTags(tags), status: "open" }),
      (post) => {
        router.push(`/w/${slug}/posts/${post.id}`);
        return STAY_PENDING;
      },
    );
  }

  const message = formError(FIELDS);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="space-y-4">
        {message ? <Alert>{message}</Alert> : null}
        <SelectField label="Board" value={boardId} onChange={(event) => setBoardId(event.target.value)} error={errors.boardId} disabled={pending}>
          {boards.map((board) => (
            <option key={board.id} value={board.id}>
              {board.name}
            </option>
          ))}
        </SelectField>
        <Field label="Title" value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} error={errors.title} readOnly={pending} data-autofocus autoComplete="off" />
        <TextareaField label="Details (optional)" value={body} onChange={(event) => setBody(event.target.value)} rows={4} maxLength={10_000} error={errors.body} readOnly={pending} />
        <Field label="Tags (optional)" value={tags} onChange={(event) => setTags(event.target.value)} hint="Separated by commas, e.g. ui, billing" error={errors.tags} readOnly={pending} autoComplete="off" />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="sm:min-w-28" disabled={pending}>
          {pending ? "Creating…" : "Create post"}
        </Button>
      </DialogFooter>
    </form>
  );
}
