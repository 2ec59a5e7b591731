import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { getOpenBoardOrThrow } from "@/lib/domain/boards/get-board";
import { isForeignKeyViolation } from "@/lib/platform/db/errors";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import { createWithinPlanLimit } from "@/lib/domain/plans/enforce-plan-limit";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { createPostBody, type CreatePostInput } from "./schemas";
import { postView } from "./view";

/** A post by a member (API or dashboard), on a board of the same workspace. */
export async function createPost(actor: WorkspaceActor, input: CreatePostInput) {
  authorize(actor, "posts.create", "create posts");
  const body = validate(createPostBody, input, "The post is not valid.");
  return postView(await insertPost(actor.db, { ...body, authorId: actor.userId }));
}

/** The one insert behind members' and visitors' posts: on an existing board that is not archived, within the plan. */
export async function insertPost(
  db: ScopedDb,
  post: { boardId: string; authorId: string; title: string; body: string; tags: string[]; status: PostStatus; hostMetadata?: Prisma.InputJsonValue },
) {
  await getOpenBoardOrThrow(db, post.boardId);
  try {
    return await createWithinPlanLimit(
      db,
      "posts",
      async (tx) => {
        // Again inside the transaction: an archive that committed while the plan check waited wins.
        await getOpenBoardOrThrow(tx, post.boardId);
        const created = await tx.post.create({ data: { workspaceId: db.workspaceId, ...post } });
        await recordEvent(tx, { workspaceId: db.workspaceId, type: "post.created", data: postView(created) });
        return created;
      },
      { sideBySide: true },
    );
  } catch (error) {
    // The board was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw new DomainError("NOT_FOUND", "Board not found.");
    throw error;
  }
}
