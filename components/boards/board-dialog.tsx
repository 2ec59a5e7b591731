"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { TextareaField } from "@/components/ui/textarea-field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { DashboardBoard } from "@/lib/domain/boards/list-all-boards";
import { suggestSlug } from "@/lib/domain/workspaces/schemas";
import { createBoardAction, updateBoardAction } from "@/lib/surfaces/actions/dashboard/boards";
import { boardVisibilityHint } from "./visibility-hint";

const FIELDS = new Set(["name", "slug", "description", "isPublic"]);

type BoardDialogProps = {
  slug: string;
  /** The board to edit; null creates a new one. */
  board: DashboardBoard | null;
  open: boolean;
  onClose: () => void;
  onSaved: (board: DashboardBoard, created: boolean) => void;
  /** The plan's refusal when its board limit is reached (create only): said before anyone submits. */
  limitMessage: string | null;
  /** Whether visitors can see the portal now: the visibility hint says what saving will do. */
  portalPublished: boolean;
};

export function BoardDialog({ open, onClose, board, ...form }: BoardDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={board ? `Edit “${board.name}”` : "New board"}
      description={board ? undefined : "A board collects posts about one area of your product."}
      testId="board-dialog"
    >
      <BoardForm board={board} onCancel={onClose} {...form} />
    </Dialog>
  );
}

function BoardForm({ slug, board, onSaved, onCancel, limitMessage, portalPublished }: Omit<BoardDialogProps, "open" | "onClose"> & { onCancel: () => void }) {
  const [name, setName] = useState(board?.name ?? "");
  const [boardSlug, setBoardSlug] = useState(board?.slug ?? "");
  // Until someone edits the slug, it follows the name.
  const [slugEdited, setSlugEdited] = useState(Boolean(board));
  const [description, setDescription] = useState(board?.description ?? "");
  const [isPublic, setIsPublic] = useState(board?.isPublic ?? true);
  const { errors, pending, submit, formError: formErrorBeside } = useActionForm("The server did not answer; nothing was saved. Try again.");
  const visibilityId = useId();
  const blocked = !board && limitMessage !== null;
  const formError = formErrorBeside(FIELDS);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || blocked) return;
    const input = { name, slug: boardSlug, description, isPublic };
    await submit(
      () => (board ? updateBoardAction(slug, board.id, input) : createBoardAction(slug, input)),
      (saved) => onSaved(saved, !board),
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="space-y-4">
        {blocked ? (
          <div data-testid="board-limit-message">
            <Alert>{limitMessage} Delete a board you no longer use to make room.</Alert>
          </div>
        ) : null}
        {formError ? <Alert>{formError}</Alert> : null}
        <Field
          label="Name"
          name="name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (!slugEdited) setBoardSlug(suggestSlug(event.target.value));
          }}
          maxLength={60}
          autoComplete="off"
          placeholder="e.g. Feature requests"
          data-autofocus
          error={errors.name}
          readOnly={pending || blocked}
        />
        <Field
          label="Slug"
          name="slug"
          value={boardSlug}
          onChange={(event) => {
            setSlugEdited(true);
            setBoardSlug(event.target.value);
          }}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          error={errors.slug}
          readOnly={pending || blocked}
          hint={`Its portal address: /p/${slug}/boards/${boardSlug || "…"}. Lowercase letters, digits and hyphens.${board ? " Changing it breaks links to the old address." : ""}`}
        />
        <TextareaField
          label="Description (optional)"
          name="description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={2}
          maxLength={280}
          placeholder="What belongs on this board?"
          error={errors.description}
          readOnly={pending || blocked}
        />
        <fieldset aria-describedby={`${visibilityId}-hint`}>
          <legend className="text-sm font-medium text-slate-800">Visibility</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {[
              { value: true, label: "Public", text: "On the portal: visitors read, vote, comment and post ideas." },
              { value: false, label: "Private", text: "Only your team sees it, in the dashboard and the API." },
            ].map((option) => (
              <label
                key={option.label}
                className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm ${isPublic === option.value ? "border-indigo-600 bg-indigo-50/50" : "border-slate-200"}`}
              >
                <input
                  type="radio"
                  name="isPublic"
                  className="mt-0.5"
                  checked={isPublic === option.value}
                  onChange={() => setIsPublic(option.value)}
                  disabled={pending || blocked}
                />
                <span>
                  <span className="block font-medium text-slate-900">{option.label}</span>
                  <span className="block text-slate-600">{option.text}</span>
                </span>
              </label>
            ))}
          </div>
          <p id={`${visibilityId}-hint`} className="mt-1 text-xs text-slate-500">
            {boardVisibilityHint({ portalPublished, isPublic })}
          </p>
        </fieldset>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="sm:min-w-32" disabled={pending || blocked}>
          {pending ? "Saving…" : board ? "Save changes" : "Create board"}
        </Button>
      </DialogFooter>
    </form>
  );
}
