import { db } from "@/lib/platform/db/client";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import { actorOf } from "../support/actors";
import { createTestUser, seedBoard, seedTenant, type Tenant } from "../support/api";

// A workspace with a board and actors of every role, for the feedback domain's tests.
export async function seedFeedback(options: { published?: boolean; plan?: "FREE" | "PRO" } = {}) {
  const tenant = await seedTenant({ published: options.published ?? true, plan: options.plan });
  const board = await seedBoard(tenant.workspace.id);
  const [owner, admin, member, viewer] = await Promise.all([
    actorOf(tenant, tenant.owner),
    tenant.member("ADMIN").then((user) => actorOf(tenant, user)),
    tenant.member("MEMBER").then((user) => actorOf(tenant, user)),
    tenant.member("VIEWER").then((user) => actorOf(tenant, user)),
  ]);
  return { tenant, workspaceId: tenant.workspace.id, board, owner, admin, member, viewer };
}
export type Feedback = Awaited<ReturnType<typeof seedFeedback>>;

export function seedPost(
  tenant: Tenant | string,
  boardId: string,
  data: Partial<{ title: string; body: string; status: PostStatus; tags: string[]; voteCount: number; createdAt: Date; authorId: string }> = {},
) {
  const workspaceId = typeof tenant === "string" ? tenant : tenant.workspace.id;
  return db.post.create({ data: { workspaceId, boardId, title: data.title ?? "A post", ...data } });
}

/** `count` new accounts, each with a vote on `postId` (rows and counter written together). */
export async function seedVoters(workspaceId: string, postId: string, users: { id: string }[]) {
  await db.vote.createMany({ data: users.map((user) => ({ workspaceId, postId, userId: user.id })) });
  await db.post.update({ where: { id: postId }, data: { voteCount: { increment: users.length } } });
}

export function newUsers(count: number, label: string) {
  return Promise.all(Array.from({ length: count }, (_, i) => createTestUser(`${label}${i}`)));
}

export async function countsOf(postId: string) {
  const post = await db.post.findUniqueOrThrow({ where: { id: postId } });
  return {
    voteCount: post.voteCount,
    voteRows: await db.vote.count({ where: { postId } }),
    commentCount: post.commentCount,
    visibleCommentRows: await db.comment.count({ where: { postId, hiddenAt: null } }),
  };
}
