import type { FormResult } from "@/lib/platform/forms/forms";
import type { SimilarPost } from "@/lib/domain/posts/find-similar-posts";
import type { VisitorPostInput } from "@/lib/domain/posts/submit-visitor-post";

// During a database outage a vote answers "unavailable": the session check fails then too, and must
// not read as "signed out".
export type VoteActionResult =
  | { ok: true; voted: boolean; voteCount: number }
  | { ok: false; reason: "signed_out" | "not_found" | "merged" | "unavailable" };

export type SimilarPostsResult = { posts: (SimilarPost & { voted: boolean })[]; paused: boolean };

/** Casts or takes back the visitor's upvote; the answer carries the server's count. */
export type VoteAction = (workspaceSlug: string, postId: string, voted: boolean) => Promise<VoteActionResult>;

/** The portal's server actions, handed down by the portal's pages (components never import them). */
export interface PortalActions {
  vote: VoteAction;
  comment: (workspaceSlug: string, postId: string, body: string) => Promise<FormResult<{ id: string }>>;
  submitPost: (workspaceSlug: string, boardId: string, input: VisitorPostInput) => Promise<FormResult<{ id: string }>>;
  similarPosts: (workspaceSlug: string, title: string) => Promise<SimilarPostsResult>;
}
