import { ApiError } from "@/lib/api/error-codes";
import type { ScopedDb } from "@/lib/db/scoped";
import { getPostOrThrow } from "./get-post";
import type { UpdatePostBody } from "./schemas";
import { allowedNextStatuses, canTransition } from "./status-rules";
import { postView } from "./view";

/** Changes title, body, tags or status; the status must follow SPEC B4's transitions. */
export async function updatePost(db: ScopedDb, id: string, body: UpdatePostBody) {
  return db.$transaction(async (tx) => {
    const current = await getPostOrThrow(tx, id);
    if (body.status && !canTransition(current.status, body.status)) {
      throw new ApiError("VALIDATION_ERROR", "That status change is not allowed.", [
        {
          path: "status",
          message: `Cannot move a post from ${current.status} to ${body.status}. Allowed: ${allowedNextStatuses(current.status).join(", ")}.`,
          code: "invalid_transition",
        },
      ]);
    }
    // Conditional on the status just read, so two racing changes cannot both pass the rule check.
    const { count } = await tx.post.updateMany({ where: { id, status: current.status }, data: body });
    if (count === 0) throw new ApiError("CONFLICT", "The post changed while this request ran. Fetch it and retry.");
    return postView(await getPostOrThrow(tx, id));
  });
}
