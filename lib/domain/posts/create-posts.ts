import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { isForeignKeyViolation } from "@/lib/platform/db/errors";
import { recordEvent } from "@/lib/platform/events/record-event";
import { createWithinPlanLimit } from "@/lib/domain/plans/enforce-plan-limit";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { createPostsBody, type CreatePostsInput } from "./schemas";
import { postView } from "./view";
import { isOpenBoard } from "@/lib/domain/access/visibility";
import { BOARD_ARCHIVED } from "@/lib/domain/boards/get-board";

/**
 * Up to 100 posts in one transaction (an import, a migration): all are created or none. Every
 * refusal names the item it is about (`items.3.title`, `items.7.boardId`), so the caller can fix
 * that one and send the batch again. The plan limit counts the whole batch.
 */
export async function createPosts(actor: WorkspaceActor, input: CreatePostsInput) {
  authorize(actor, "posts.create", "create posts");
  const { items } = validate(createPostsBody, input, "A post of the batch is not valid; nothing was created.");
  const boardIds = [...new Set(items.map((item) => item.boardId))];
  const boards = new Map((await actor.db.board.findMany({ where: { id: { in: boardIds } }, select: { id: true, archivedAt: true } })).map((board) => [board.id, board]));
  const missing = items.flatMap((item, index) => (boards.has(item.boardId) ? [] : [{ path: `items.${index}.boardId`, message: "No such board in this workspace.", code: "not_found" }]));
  if (missing.length) throw new DomainError("NOT_FOUND", "A board named in the batch does not exist; nothing was created.", missing);
  const archived = items.flatMap((item, index) =>
    isOpenBoard(boards.get(item.boardId)!) ? [] : [{ path: `items.${index}.boardId`, message: BOARD_ARCHIVED, code: "archived" }],
  );
  if (archived.length) throw new DomainError("CONFLICT", "A board named in the batch is archived; nothing was created.", archived);
  try {
    return await createWithinPlanLimit(
      actor.db,
      "posts",
      async (tx) => {
        const created = [];
        for (const item of items) {
          const post = postView(await tx.post.create({ data: { workspaceId: actor.workspaceId, authorId: actor.userId, ...item } }));
          await recordEvent(tx, { workspaceId: actor.workspaceId, type: "post.created", data: post });
          created.push(post);
        }
        return created;
      },
      { amount: items.length, sideBySide: true },
    );
  } catch (error) {
    // A board was deleted between the check and the inserts: the whole batch rolled back.
    if (isForeignKeyViolation(error)) throw new DomainError("NOT_FOUND", "A board of the batch was deleted meanwhile; nothing was created.");
    throw error;
  }
}
