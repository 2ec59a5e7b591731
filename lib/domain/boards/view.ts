import { z } from "zod";
import { countField, idField, timestampField } from "@/lib/platform/core/fields";
import type { Board } from "@/lib/generated/prisma/client";

export type BoardWithPostCount = Board & { _count: { posts: number } };

export function boardView(board: BoardWithPostCount) {
  return {
    id: board.id,
    name: board.name,
    slug: board.slug,
    description: board.description,
    isPublic: board.isPublic,
    postCount: board._count.posts,
    createdAt: board.createdAt.toISOString(),
    updatedAt: board.updatedAt.toISOString(),
  };
}

export const boardSchema = z
  .strictObject({
    id: idField,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    isPublic: z.boolean().meta({ description: "Shown on the public portal (when the workspace publishes it)." }),
    postCount: countField,
    createdAt: timestampField,
    updatedAt: timestampField,
  })
  .meta({ id: "Board" });

/** A board as the portal and the public JSON show it: whether it is public goes without saying. */
export function publicBoardView(board: Pick<Board, "id" | "slug" | "name" | "description" | "createdAt">) {
  return { id: board.id, slug: board.slug, name: board.name, description: board.description, createdAt: board.createdAt.toISOString() };
}

export const publicBoardSchema = z
  .strictObject({ id: idField, slug: z.string(), name: z.string(), description: z.string(), createdAt: timestampField, postCount: countField })
  .meta({ id: "PublicBoard" });
