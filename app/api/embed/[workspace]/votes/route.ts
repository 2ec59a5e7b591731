import { z } from "zod";
import { validate } from "@/lib/platform/core/validate";
import { idSchema } from "@/lib/platform/core/schemas";
import { toggleVote } from "@/lib/domain/votes/toggle-vote";
import { embedRoute, readJsonBody, requireVisitor } from "@/lib/surfaces/widget/embed-route";

const voteBody = z.strictObject({ postId: idSchema, voted: z.boolean() });

// A vote set on or off (the state wanted, so a retry cannot undo itself), as on the portal.
export const POST = embedRoute(async (request, ctx) => {
  const visitor = requireVisitor(ctx);
  const body = validate(voteBody, await readJsonBody(request, 1_000), "The vote is not valid.");
  return { data: await toggleVote({ workspaceId: ctx.workspace.id, postId: body.postId, userId: visitor.userId, voted: body.voted }) };
});
