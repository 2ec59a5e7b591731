"use server";

import { createBoard } from "@/lib/domain/boards/create-board";
import { deleteBoard } from "@/lib/domain/boards/delete-board";
import type { CreateBoardInput, UpdateBoardInput } from "@/lib/domain/boards/schemas";
import { updateBoard } from "@/lib/domain/boards/update-board";
import { feedbackChanged } from "@/lib/platform/cache/refresh-after-change";
import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";

// Each action re-reads the session and role; createBoard, updateBoard and deleteBoard check
// boards.manage (admins and owners) again, whatever the page showed.

export async function createBoardAction(slug: string, input: CreateBoardInput) {
  return runWorkspaceAction(slug, "createBoardAction", (actor) => createBoard(actor, input), feedbackChanged(slug));
}

export async function updateBoardAction(slug: string, boardId: string, input: UpdateBoardInput) {
  return runWorkspaceAction(slug, "updateBoardAction", (actor) => updateBoard(actor, String(boardId), input), feedbackChanged(slug));
}

/** `expectedPostCount`: how many posts the confirmation said would go; more than that refuses. */
export async function deleteBoardAction(slug: string, boardId: string, expectedPostCount: number) {
  return runWorkspaceAction(
    slug,
    "deleteBoardAction",
    (actor) => deleteBoard(actor, String(boardId), { expectedPostCount: Number.isInteger(expectedPostCount) ? expectedPostCount : 0 }),
    // Deleted in another tab meanwhile: the page still lists it, so it renders afresh too.
    (answer) => (answer.ok || answer.fieldErrors.form === "This board was already deleted." ? feedbackChanged(slug) : undefined),
  );
}
