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
    archivedAt: board.archivedAt?.toISOString() ?? null,
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
    archivedAt: timestampField.nullable().meta({ description: "When the board was archived (it takes no new posts), or null while it is open." }),
    createdAt: timestampField,
    updatedAt: timestampField,
  })
  .meta({ id: "Board" });

/** A board as the portal and the public JSON show it: whether it is public goes without saying. */
export function publicBoardView(board: Pick<Board, "id" | "slug" | "name" | "description" | "archivedAt" | "createdAt">) {
  return {
    id: board.id,
    slug: board.slug,
    name: board.name,
    description: board.description,
    archived: board.archivedAt !== null,
    createdAt: board.createdAt.toISOString(),
  };
}

export const publicBoardSchema = z
  .strictObject({
    id: idField,
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    archived: z.boolean().meta({ description: "An archived board takes no new ideas; its ideas stay readable." }),
    createdAt: timestampField,
    postCount: countField,
  })
  .meta({ id: "PublicBoard" });
