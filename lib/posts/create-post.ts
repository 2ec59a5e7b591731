import type { ApiContext } from "@/lib/api/define-route";
import { getBoardOrThrow } from "@/lib/boards/get-board";
import { createWithinPlanLimit } from "@/lib/plans/enforce-plan-limit";
import type { CreatePostBody } from "./schemas";
import { postView } from "./view";

/** A post authored by the key's creator, on a board of the same workspace. */
export async function createPost(ctx: Pick<ApiContext, "db" | "workspaceId" | "actorId">, body: CreatePostBody) {
  await getBoardOrThrow(ctx.db, body.boardId);
  const post = await createWithinPlanLimit(ctx.db, "posts", (tx) =>
    tx.post.create({
      data: {
        workspaceId: ctx.workspaceId,
        boardId: body.boardId,
        authorId: ctx.actorId,
        title: body.title,
        body: body.body,
        tags: body.tags,
        status: body.status,
      },
    }),
  );
  return postView(post);
}
