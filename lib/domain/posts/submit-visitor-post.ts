import { z } from "zod";
import { DomainError } from "@/lib/platform/core/errors";
import { safeText } from "@/lib/platform/core/schemas";
import { validate } from "@/lib/platform/core/validate";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { Prisma } from "@/lib/generated/prisma/client";
import { portalAudience } from "@/lib/platform/core/audience";
import { findPublicBoard } from "@/lib/domain/boards/get-board";
import { insertPost } from "./create-post";
import { VISITOR_POSTS, visitorPostLimiter, waitText } from "./visitor-limits";

/** The longest title and details a visitor's idea may have (the portal's form names them in its own language). */
export const VISITOR_POST_MAX = { title: 200, body: 10_000 } as const;

export const visitorPostSchema = z.strictObject({
  title: safeText({ min: 1, max: VISITOR_POST_MAX.title, label: "Title" }),
  body: safeText({ max: VISITOR_POST_MAX.body, label: "Details", multiline: true }).default(""),
});
export type VisitorPostInput = z.input<typeof visitorPostSchema>;

/**
 * A signed-in visitor's idea on a public board of a published portal: it starts
 * `open`, untagged, and shows in the team's inbox. Only valid posts count against the per-account
 * limit, so a typo never costs a try; the plan's post limit applies as for the team's posts.
 */
export async function submitVisitorPost(db: ScopedDb, input: { boardId: string; userId: string; hostMetadata?: Prisma.InputJsonValue } & VisitorPostInput) {
  const data = validate(visitorPostSchema, { title: input.title, body: input.body }, "The post is not valid.");
  await findPublicBoard(db, portalAudience(input.userId), { id: input.boardId });
  const verdict = await visitorPostLimiter().limit(`${db.workspaceId}:${input.userId}`);
  if (!verdict.success) {
    const retryAfter = Math.max(1, Math.ceil((verdict.reset - Date.now()) / 1000));
    throw new DomainError("RATE_LIMITED", `You can post ${VISITOR_POSTS.label}, and you have reached that. Try again in ${waitText(verdict.reset)}.`, undefined, retryAfter);
  }
  const post = await insertPost(db, { boardId: input.boardId, authorId: input.userId, title: data.title, body: data.body, tags: [], status: "open", hostMetadata: input.hostMetadata });
  return { id: post.id, title: post.title };
}
