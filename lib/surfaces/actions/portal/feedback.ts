"use server";

import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { DomainError } from "@/lib/platform/core/errors";
import { idSchema } from "@/lib/platform/core/schemas";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import { portalChanged } from "@/lib/platform/cache/refresh-after-change";
import { addComment } from "@/lib/domain/comments/add-comment";
import { scopedDb } from "@/lib/platform/db/scoped";
import { SERVICE_UNAVAILABLE, type FormResult } from "@/lib/platform/forms/forms";
import { findSimilarPosts } from "@/lib/domain/posts/find-similar-posts";
import { submitVisitorPost, type VisitorPostInput } from "@/lib/domain/posts/submit-visitor-post";
import { similarLookupLimiter } from "@/lib/domain/posts/visitor-limits";
import { portalAudience } from "@/lib/platform/core/audience";
import { listVotedPostIds } from "@/lib/domain/votes/list-voted-post-ids";
import { findPublishedWorkspace, type PublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";
import { DEFAULT_PORTAL_LOCALE, isPortalLocale, PORTAL_LOCALE_HEADER, PORTAL_PREFIXED_HEADER, type PortalLocale } from "@/lib/platform/i18n/locales";
import { findPortalLanguages } from "@/lib/surfaces/portal/portal-languages";
import { portalErrors, portalFormFailure } from "@/lib/surfaces/portal/portal-form-failure";
import { toggleVote } from "@/lib/domain/votes/toggle-vote";
import { getPortalVisitor } from "@/lib/surfaces/auth/portal-visitor";
import type { SimilarPost } from "@/lib/domain/posts/find-similar-posts";

// During a database outage a vote answers "unavailable": the session check fails then too, and must
// not read as "signed out".
export type VoteActionResult =
  | { ok: true; voted: boolean; voteCount: number }
  | { ok: false; reason: "signed_out" | "not_found" | "merged" | "unavailable" };

export type SimilarPostsResult = { posts: (SimilarPost & { voted: boolean })[]; paused: boolean };

// Visitors taking part on a published portal: any signed-in account (or an SSO visitor of this
// workspace, lib/surfaces/auth/portal-visitor.ts) may vote and comment on posts
// of public boards. Signed-out callers are told to sign in (the page links to sign-in and back).

/** Who acts on this portal: an SSO visitor of its workspace, else the app's session (the wrapper read it). */
async function visitorOn(workspaceId: string) {
  return getPortalVisitor(workspaceId);
}

/** The published workspace and a well-formed id (of a post, or of a board) in it; null otherwise. */
async function target(workspaceSlug: unknown, id: unknown) {
  if (typeof workspaceSlug !== "string" || !idSchema.safeParse(id).success) return null;
  const workspace = await findPublishedWorkspace(workspaceSlug);
  return workspace ? { workspace, id: id as string } : null;
}

/**
 * The language of the page the action was sent from: its address's language segment (the proxy's
 * header), else the portal's default; English when the portal is unknown.
 */
async function pageLocale(defaultLocale: PortalLocale | undefined): Promise<PortalLocale> {
  const requestHeaders = await headers();
  const asked = requestHeaders.get(PORTAL_LOCALE_HEADER);
  const prefixed = requestHeaders.get(PORTAL_PREFIXED_HEADER) === "1" && isPortalLocale(asked);
  return prefixed ? asked : (defaultLocale ?? DEFAULT_PORTAL_LOCALE);
}

async function formMessages(workspace: PublishedWorkspace | null) {
  const locale = await pageLocale(workspace?.languages.defaultLocale);
  return { t: await getTranslations({ locale, namespace: "Forms" }), errors: portalErrors(locale) };
}

/**
 * A form's answer, with the database out of reach said in the page's language (the portal's
 * default comes from the proxy's cache when the database cannot be asked; else English).
 */
async function inPageLanguage<T>(workspaceSlug: unknown, result: FormResult<T>): Promise<FormResult<T>> {
  if (result !== SERVICE_UNAVAILABLE) return result;
  const languages = typeof workspaceSlug === "string" ? await findPortalLanguages(workspaceSlug).catch(() => null) : null;
  const errors = portalErrors(await pageLocale(languages?.defaultLocale));
  return { ok: false, fieldErrors: { form: errors("unavailable") } };
}

/**
 * A visitor's change on the portal: the session if any (each action says "sign in" itself), the
 * refusals it expects answered in its own shape, and after a success the portal's pages and
 * cached answers refreshed (the workspace was found by this very slug).
 */
function visitorAction<R extends { ok: boolean }>(context: string, workspaceSlug: unknown, unavailable: R) {
  return {
    context,
    caller: "visitor" as const,
    refusals: "throw" as const,
    unavailable,
    stale: (answer: R) => (answer.ok ? portalChanged(String(workspaceSlug)) : undefined),
  };
}

export async function voteAction(workspaceSlug: string, postId: string, voted: boolean): Promise<VoteActionResult> {
  return serverAction(visitorAction<VoteActionResult>("voteAction", workspaceSlug, { ok: false, reason: "unavailable" }), async (): Promise<VoteActionResult> => {
    const found = await target(workspaceSlug, postId);
    const user = found ? await visitorOn(found.workspace.id) : null;
    if (!found || typeof voted !== "boolean") return { ok: false, reason: "not_found" };
    if (!user) return { ok: false, reason: "signed_out" };
    try {
      const result = await toggleVote({ workspaceId: found.workspace.id, postId: found.id, userId: user.id, voted });
      return { ok: true, ...result };
    } catch (error) {
      if (error instanceof DomainError && error.code === "NOT_FOUND") return { ok: false, reason: "not_found" };
      if (error instanceof DomainError && error.code === "CONFLICT") return { ok: false, reason: "merged" };
      throw error;
    }
  });
}

export async function commentAction(workspaceSlug: string, postId: string, body: string): Promise<FormResult<{ id: string }>> {
  return inPageLanguage(workspaceSlug, await serverAction(visitorAction<FormResult<{ id: string }>>("commentAction", workspaceSlug, SERVICE_UNAVAILABLE), async (): Promise<FormResult<{ id: string }>> => {
    const found = await target(workspaceSlug, postId);
    const user = found ? await visitorOn(found.workspace.id) : null;
    const { t, errors } = await formMessages(found?.workspace ?? null);
    if (!found) return { ok: false, fieldErrors: { form: t("postGone") } };
    if (!user) return { ok: false, fieldErrors: { form: t("signInToComment") } };
    try {
      const comment = await addComment({ workspaceId: found.workspace.id, postId: found.id, userId: user.id, body: String(body ?? "") });
      return { ok: true, data: { id: comment.id } };
    } catch (error) {
      if (error instanceof DomainError && error.code === "VALIDATION_ERROR") {
        const failure = portalFormFailure(errors, "comment", error, "commentAction");
        return { ok: false, fieldErrors: { body: failure.fieldErrors.body ?? t("checkComment") } };
      }
      if (error instanceof DomainError && error.code === "NOT_FOUND") return { ok: false, fieldErrors: { form: t("postGone") } };
      if (error instanceof DomainError && error.code === "CONFLICT") return portalFormFailure(errors, "comment", error, "commentAction");
      throw error;
    }
  }));
}

/**
 * A signed-in visitor's idea on a public board. The board, the per-account limit and the plan are
 * checked by submitVisitorPost; a refusal comes back as a message on the form.
 */
export async function submitPostAction(workspaceSlug: string, boardId: string, input: VisitorPostInput): Promise<FormResult<{ id: string }>> {
  return inPageLanguage(workspaceSlug, await serverAction(visitorAction<FormResult<{ id: string }>>("submitPostAction", workspaceSlug, SERVICE_UNAVAILABLE), async (): Promise<FormResult<{ id: string }>> => {
    const found = await target(workspaceSlug, boardId);
    const user = found ? await visitorOn(found.workspace.id) : null;
    const { t, errors } = await formMessages(found?.workspace ?? null);
    if (!found) return { ok: false, fieldErrors: { form: t("boardGone") } };
    if (!user) return { ok: false, fieldErrors: { form: t("signInToPost") } };
    try {
      const post = await submitVisitorPost(scopedDb(found.workspace.id), {
        boardId: found.id,
        userId: user.id,
        title: String(input?.title ?? ""),
        body: String(input?.body ?? ""),
      });
      return { ok: true, data: { id: post.id } };
    } catch (error) {
      if (error instanceof DomainError && error.code === "NOT_FOUND") return { ok: false, fieldErrors: { form: t("boardGone") } };
      if (error instanceof DomainError && ["VALIDATION_ERROR", "RATE_LIMITED", "PLAN_LIMIT"].includes(error.code)) return portalFormFailure(errors, "post", error, "submitPostAction");
      throw error;
    }
  }));
}

/**
 * What the visitor is typing, matched against existing posts of the portal's public boards, with
 * their own votes, so they can vote instead of posting a duplicate. Bounded (at most 5 posts, a
 * title of at most 200 characters) and throttled per account; when throttled the list pauses.
 */
export async function similarPostsAction(workspaceSlug: string, title: string): Promise<SimilarPostsResult> {
  return serverAction({ context: "similarPostsAction", caller: "visitor", refusals: "throw", unavailable: { posts: [], paused: true } }, async (): Promise<SimilarPostsResult> => {
    if (typeof workspaceSlug !== "string" || typeof title !== "string") return { posts: [], paused: false };
    const workspace = await findPublishedWorkspace(workspaceSlug);
    const user = workspace ? await visitorOn(workspace.id) : null;
    if (!workspace || !user) return { posts: [], paused: false };
    const verdict = await similarLookupLimiter().limit(`${workspace.id}:${user.id}`);
    if (!verdict.success) return { posts: [], paused: true };
    const db = scopedDb(workspace.id);
    const audience = portalAudience(user.id);
    const posts = await findSimilarPosts(db, audience, title.slice(0, 1_000));
    const voted = await listVotedPostIds(db, audience, posts.map((post) => post.id));
    return { posts: posts.map((post) => ({ ...post, voted: voted.has(post.id) })), paused: false };
  });
}
