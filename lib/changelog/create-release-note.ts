import type { ApiContext } from "@/lib/api/define-route";
import { createWithinPlanLimit } from "@/lib/plans/enforce-plan-limit";
import type { CreateReleaseNoteBody } from "./schemas";
import { releaseNoteView } from "./view";

/** A release note by the key's creator: published now, or kept as a draft with `publish: false`. */
export async function createReleaseNote(ctx: Pick<ApiContext, "db" | "workspaceId" | "actorId">, body: CreateReleaseNoteBody) {
  const note = await createWithinPlanLimit(ctx.db, "releaseNotes", (tx) =>
    tx.releaseNote.create({
      data: {
        workspaceId: ctx.workspaceId,
        authorId: ctx.actorId,
        title: body.title,
        body: body.body,
        status: body.publish ? "published" : "draft",
        publishedAt: body.publish ? new Date() : null,
      },
    }),
  );
  return releaseNoteView(note);
}
