import type { PostStatus } from "@/lib/generated/prisma/enums";

// A post moves forward along the chain (skipping steps is fine), can be closed from any
// state, and a closed post can be reopened. Moving backwards is refused with the allowed targets.
export const POST_STATUS_CHAIN = ["open", "under_review", "planned", "in_progress", "completed"] as const satisfies readonly PostStatus[];
export const POST_STATUSES = [...POST_STATUS_CHAIN, "closed"] as const satisfies readonly PostStatus[];

export function allowedNextStatuses(from: PostStatus): PostStatus[] {
  if (from === "closed") return ["open"];
  const index = POST_STATUS_CHAIN.indexOf(from);
  return [...POST_STATUS_CHAIN.slice(index + 1), "closed"];
}

export function canTransition(from: PostStatus, to: PostStatus): boolean {
  return from === to || allowedNextStatuses(from).includes(to);
}
