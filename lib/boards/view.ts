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
