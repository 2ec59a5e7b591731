"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { PlanMeter } from "@/components/settings/plan-meter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { DashboardBoard } from "@/lib/domain/boards/list-all-boards";
import type { Plan, Role } from "@/lib/generated/prisma/enums";
import { deleteBoardAction, updateBoardAction } from "@/lib/surfaces/actions/dashboard/boards";
import { BoardDialog } from "./board-dialog";

type BoardsManagerProps = {
  slug: string;
  boards: DashboardBoard[];
  canManage: boolean;
  role: Role;
  portalPublished: boolean;
  plan: Plan;
  used: number;
  limit: number | null;
  limitMessage: string | null;
};

const posts = (count: number) => `${count} ${count === 1 ? "post" : "posts"}`;

export function BoardsManager({ slug, boards, canManage, role, portalPublished, plan, used, limit, limitMessage }: BoardsManagerProps) {
  const router = useRouter();
  const toast = useToast();
  // undefined: closed; null: a new board; a board: editing it.
  const [editing, setEditing] = useState<DashboardBoard | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<DashboardBoard | null>(null);
  const [archiving, setArchiving] = useState<string | null>(null);

  // Archiving is undone by one click, so it asks no confirmation; the toast says what it changed.
  async function setArchived(board: DashboardBoard, archived: boolean) {
    setArchiving(board.id);
    const result = await updateBoardAction(slug, board.id, { archived });
    setArchiving(null);
    if (!result.ok) {
      toast.error(Object.values(result.fieldErrors)[0] ?? "The board could not be changed.");
    } else {
      toast.success(archived ? `“${board.name}” is archived: it takes no new posts and leaves the portal's list.` : `“${board.name}” takes new posts again.`);
    }
    router.refresh();
  }

  async function confirmDelete(): Promise<string | null> {
    if (!deleting) return null;
    const result = await deleteBoardAction(slug, deleting.id, deleting.postCount);
    if (!result.ok) {
      const message = Object.values(result.fieldErrors)[0] ?? "The board could not be deleted.";
      if (message === "This board was already deleted.") {
        toast.error(message);
        setDeleting(null);
        router.refresh();
        return null;
      }
      router.refresh();
      return message;
    }
    toast.success(`“${result.data.name}” is deleted${result.data.deletedPosts ? `, with its ${posts(result.data.deletedPosts)}` : ""}.`);
    setDeleting(null);
    router.refresh();
    return null;
  }

  return (
    <main className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="max-w-xl">
          <h1 className="text-2xl font-semibold tracking-tight">Boards</h1>
          <p className="mt-1 text-sm text-slate-600">
            Boards group your feedback by area. Public boards appear on the portal, where visitors vote, comment and post ideas; private ones
            stay with your team.
          </p>
        </div>
        {canManage ? (
          <Button onClick={() => setEditing(null)} className="shrink-0 self-start">
            New board
          </Button>
        ) : null}
      </div>

      {canManage ? null : (
        <p className="rounded-md border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700" role="status">
          You are a {role.toLowerCase()}: you can see the boards, but only admins and owners create, change or delete them.
        </p>
      )}

      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <PlanMeter used={used} limit={limit} plan={plan} label="boards" testId="board-usage" />
        {limitMessage ? (
          <p className="text-sm text-amber-800" data-testid="board-limit-note">
            {limitMessage} Delete a board to create another.
          </p>
        ) : null}
      </div>

      {boards.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <h2 className="font-medium text-slate-900">No boards yet</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
            {canManage
              ? "Create a board such as “Feature requests” or “Bugs”; then publish the portal so your users can post and vote."
              : "An admin or owner of this workspace can create the first board."}
          </p>
          {canManage ? (
            <Button className="mt-4" variant="secondary" onClick={() => setEditing(null)}>
              Create your first board
            </Button>
          ) : null}
        </div>
      ) : (
        <ul aria-label="Boards" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {boards.map((board) => (
            <li key={board.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-6 sm:px-5" data-testid="board-row" data-slug={board.slug}>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-medium text-slate-900">
                    <Link dir="auto" href={`/w/${slug}/posts?board=${board.slug}`} className="hover:text-indigo-700 hover:underline">
                      {board.name}
                    </Link>
                  </h2>
                  <Badge tone={board.isPublic ? "green" : "neutral"}>{board.isPublic ? "Public" : "Private"}</Badge>
                  {board.archivedAt ? <Badge tone="amber">Archived</Badge> : null}
                </div>
                {board.description ? <p dir="auto" className="mt-0.5 text-sm text-slate-600">{board.description}</p> : null}
                <p className="mt-1 truncate font-mono text-xs text-slate-500">
                  {board.isPublic && portalPublished ? (
                    <Link href={`/p/${slug}/boards/${board.slug}`} className="hover:text-indigo-700 hover:underline">
                      /p/{slug}/boards/{board.slug} <span aria-hidden="true">↗</span>
                    </Link>
                  ) : (
                    <>/p/{slug}/boards/{board.slug}</>
                  )}
                </p>
              </div>
              <Link
                href={`/w/${slug}/posts?board=${board.slug}`}
                className="shrink-0 text-sm text-slate-700 tabular-nums hover:text-indigo-700 hover:underline"
                data-testid="board-post-count"
              >
                {posts(board.postCount)}
              </Link>
              {canManage ? (
                <div className="flex shrink-0 gap-2">
                  <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(board)} aria-label={`Edit ${board.name}`}>
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    disabled={archiving === board.id}
                    onClick={() => setArchived(board, !board.archivedAt)}
                    aria-label={`${board.archivedAt ? "Reopen" : "Archive"} ${board.name}`}
                  >
                    {board.archivedAt ? "Reopen" : "Archive"}
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 text-red-700 hover:bg-red-50"
                    onClick={() => setDeleting(board)}
                    aria-label={`Delete ${board.name}`}
                  >
                    Delete
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {canManage ? (
        <>
          <BoardDialog
            key={editing === undefined ? "closed" : (editing?.id ?? "new")}
            open={editing !== undefined}
            board={editing ?? null}
            slug={slug}
            limitMessage={limitMessage}
            portalPublished={portalPublished}
            onClose={() => setEditing(undefined)}
            onSaved={(board, created) => {
              setEditing(undefined);
              toast.success(created ? `“${board.name}” is ready.` : `“${board.name}” is saved.`);
              router.refresh();
            }}
          />
          <ConfirmDialog
            open={deleting !== null}
            title={deleting ? `Delete “${deleting.name}”?` : "Delete board?"}
            confirmLabel={deleting?.postCount ? `Delete board and ${posts(deleting.postCount)}` : "Delete board"}
            pendingLabel="Deleting…"
            onConfirm={confirmDelete}
            onCancel={() => setDeleting(null)}
            testId="delete-board-dialog"
          >
            {deleting?.postCount ? (
              <p>
                Its <strong>{posts(deleting.postCount)}</strong> go with it, with all their votes and comments. This cannot be undone.
              </p>
            ) : (
              <p>The board holds no posts. This cannot be undone.</p>
            )}
          </ConfirmDialog>
        </>
      ) : null}
    </main>
  );
}
