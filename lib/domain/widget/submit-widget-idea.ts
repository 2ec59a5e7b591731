import { z } from "zod";
import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { publicBoardFilter } from "@/lib/domain/access/visibility";
import { submitVisitorPost } from "@/lib/domain/posts/submit-visitor-post";
import { hostMetadataSchema, isEmptyHostMetadata } from "@/lib/domain/posts/host-metadata";
import { widgetIdeaIpLimiter } from "./widget-limits";

export const widgetIdeaSchema = z.strictObject({
  /** A public board's slug or id; else the workspace's first public board. */
  board: z.string().max(64).optional(),
  title: z.string(),
  body: z.string().default(""),
  metadata: hostMetadataSchema.optional(),
});
export type WidgetIdeaInput = z.input<typeof widgetIdeaSchema>;

/**
 * An idea written in the widget: the portal's own rules (submitVisitorPost: a public board, plain
 * text, the per-account limit, the plan), a per-address limit on top, and what the host page said
 * about where it was written kept with the post for the team.
 */
export async function submitWidgetIdea(db: ScopedDb, visitor: { userId: string; ip: string }, input: WidgetIdeaInput) {
  const data = validate(widgetIdeaSchema, input, "The idea is not valid.");
  const board = await db.board.findFirst({
    where: { ...publicBoardFilter, ...(data.board ? { OR: [{ slug: data.board }, { id: data.board }] } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  if (!board) throw new DomainError("NOT_FOUND", data.board ? "No public board by that name." : "This workspace has no public board to post to.");
  const verdict = await widgetIdeaIpLimiter().limit(`${db.workspaceId}:${visitor.ip}`);
  if (!verdict.success) {
    const retryAfter = Math.max(1, Math.ceil((verdict.reset - Date.now()) / 1000));
    throw new DomainError("RATE_LIMITED", "Too many ideas from your network; try again later.", undefined, retryAfter);
  }
  const metadata = data.metadata && !isEmptyHostMetadata(data.metadata) ? data.metadata : undefined;
  return submitVisitorPost(db, { boardId: board.id, userId: visitor.userId, title: data.title, body: data.body, hostMetadata: metadata });
}
