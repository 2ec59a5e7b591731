import type { SimilarPostsResult, VoteActionResult } from "@/lib/surfaces/actions/portal/feedback";
import type { FormResult } from "@/lib/platform/forms/forms";
import type { OwnIdea } from "@/lib/domain/widget/list-own-ideas";
import type { Credential } from "./frame-messages";

// The frame's calls to /api/embed/{workspace}/…, with the visitor's credential in a header (the
// frame may get no cookies inside another site). Answers are turned into what the portal's own
// form components expect, so the widget reuses them as they are.
const CREDENTIAL_HEADER = "x-widget-credential";

type Envelope<T> = { success: true; data: T } | { success: false; error: string; code: string; details?: { path: string; message: string }[] };

export function widgetApi(slug: string) {
  // Held here, in the frame's memory only: gone when the frame goes.
  let credential: Credential | null = null;
  async function call<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: Envelope<T> }> {
    const token = credential?.token;
    const response = await fetch(`/api/embed/${slug}/${path}`, {
      ...init,
      credentials: "omit",
      headers: { ...(init.body ? { "content-type": "application/json" } : {}), ...(token ? { [CREDENTIAL_HEADER]: token } : {}) },
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  return {
    holdCredential(next: Credential | null) {
      credential = next;
    },
    async similarPosts(_slug: string, title: string): Promise<SimilarPostsResult> {
      const { body } = await call<SimilarPostsResult>(`similar?q=${encodeURIComponent(title)}`);
      return body.success ? body.data : { posts: [], paused: true };
    },
    async vote(_slug: string, postId: string, voted: boolean): Promise<VoteActionResult> {
      const { status, body } = await call<{ voted: boolean; voteCount: number }>("votes", { method: "POST", body: JSON.stringify({ postId, voted }) });
      if (body.success) return { ok: true, ...body.data };
      if (status === 401) return { ok: false, reason: "signed_out" };
      if (status === 404) return { ok: false, reason: "not_found" };
      if (status === 409) return { ok: false, reason: "merged" };
      return { ok: false, reason: "unavailable" };
    },
    async submitIdea(input: { board?: string; title: string; body: string; metadata: Record<string, unknown> }): Promise<FormResult<{ id: string }>> {
      const { body } = await call<{ id: string }>("ideas", { method: "POST", body: JSON.stringify(input) });
      if (body.success) return { ok: true, data: body.data };
      const fieldErrors: Record<string, string> = {};
      for (const detail of body.details ?? []) {
        const field = detail.path.split(".")[0] === "metadata" ? "form" : detail.path.split(".")[0]!;
        fieldErrors[field] ??= detail.message;
      }
      if (!Object.keys(fieldErrors).length || (!fieldErrors.title && !fieldErrors.body)) fieldErrors.form ??= body.error;
      return { ok: false, fieldErrors };
    },
    async ownIdeas(): Promise<OwnIdea[]> {
      const { body } = await call<OwnIdea[]>("ideas");
      return body.success ? body.data : [];
    },
    async exchangeSsoToken(ssoToken: string): Promise<Credential | null> {
      const { body } = await call<Credential>("session", { method: "POST", body: JSON.stringify({ ssoToken }) });
      return body.success ? body.data : null;
    },
  };
}
export type WidgetApi = ReturnType<typeof widgetApi>;
