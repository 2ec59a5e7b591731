"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { PostStatus } from "@/components/portal/post-status";
import { SubmitPostForm } from "@/components/portal/submit-post-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { OwnIdea } from "@/lib/domain/widget/list-own-ideas";
import { acceptHostMessage, acceptPopupMessage, arrangeMetadata, hostOriginOf, postToHost, type Credential } from "./frame-messages";
import { widgetApi } from "./widget-api";
import { WidgetHeader } from "./widget-header";

const POPUP_FEATURES = "popup,width=480,height=680";

/**
 * The feedback widget inside its frame: write an idea (with the portal's duplicate suggestions and
 * votes), and see one's own ideas and where they stand. Who the visitor is comes from the host's
 * SSO token (exchanged for a credential kept here, in memory) or from a portal sign-in in a popup;
 * this frame never relies on a cookie, which a page inside another site may not get.
 */
export function FeedbackWidget({
  slug,
  board,
  allowedOrigins,
  portalBase,
  signInPath,
  ideaLimit,
}: {
  slug: string;
  board: string | null;
  allowedOrigins: string[];
  /** The portal in the widget's language, for links to a post's page. */
  portalBase: string;
  /** The sign-in page, coming back to the page that hands the credential over. */
  signInPath: string;
  ideaLimit: number;
}) {
  const t = useTranslations("Widget");
  const tc = useTranslations("Common");
  const [credential, setCredential] = useState<Credential | null>(null);
  const [metadata, setMetadata] = useState<Record<string, unknown>>({});
  const [tab, setTab] = useState<"new" | "mine">("new");
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ideas, setIdeas] = useState<OwnIdea[] | null>(null);
  const [formKey, setFormKey] = useState(0);
  // Where this frame's messages may go: the host page's checked origin, found once mounted.
  const hostOrigin = useRef<string | null>(null);
  const popupRef = useRef<Window | null>(null);
  const api = useMemo(() => widgetApi(slug), [slug]);

  useEffect(() => {
    const origin = hostOriginOf({ isFramed: window.parent !== window, ancestorOrigins: window.location.ancestorOrigins, referrer: document.referrer }, allowedOrigins);
    hostOrigin.current = origin;
    async function onMessage(event: MessageEvent) {
      const handedOver = acceptPopupMessage(event, { popup: popupRef.current, ownOrigin: window.location.origin });
      if (handedOver) {
        api.holdCredential(handedOver);
        setCredential(handedOver);
        setProblem(null);
        postToHost(window.parent, origin, "signed-in", { via: "portal" });
        return;
      }
      const init = acceptHostMessage(event, { parent: window.parent, hostOrigin: origin });
      if (!init) return;
      setMetadata(arrangeMetadata(init.metadata));
      if (init.ssoToken) {
        const exchanged = await api.exchangeSsoToken(init.ssoToken).catch(() => null);
        if (exchanged) {
          api.holdCredential(exchanged);
          setCredential(exchanged);
          postToHost(window.parent, origin, "signed-in", { via: "sso" });
        } else setProblem(t("ssoFailed"));
      }
    }
    window.addEventListener("message", onMessage);
    postToHost(window.parent, origin, "ready");
    return () => window.removeEventListener("message", onMessage);
  }, [allowedOrigins, api, t]);

  useEffect(() => {
    if (tab !== "mine" || !credential) return;
    let live = true;
    api.ownIdeas().then((found) => live && setIdeas(found), () => live && setIdeas([]));
    return () => {
      live = false;
    };
  }, [api, credential, tab]);

  function signIn() {
    popupRef.current = window.open(signInPath, "workspace-widget-sign-in", POPUP_FEATURES);
    if (!popupRef.current) setProblem(t("popupBlocked"));
  }

  const actions = useMemo(
    () => ({
      similarPosts: api.similarPosts,
      vote: async (workspaceSlug: string, postId: string, voted: boolean) => {
        const result = await api.vote(workspaceSlug, postId, voted);
        if (result.ok) postToHost(window.parent, hostOrigin.current, "voted", { postId, voted: result.voted });
        return result;
      },
      submitPost: (_slug: string, _board: string, input: { title?: string; body?: string }) =>
        api.submitIdea({ board: board ?? undefined, title: input.title ?? "", body: input.body ?? "", metadata }),
    }),
    [api, board, metadata],
  );

  return (
    <div className="flex h-full flex-col">
      <WidgetHeader title={t("feedback")} closeLabel={t("close")} onClose={() => postToHost(window.parent, hostOrigin.current, "close")}>
        {credential ? (
          <p className="truncate text-xs text-slate-500" data-testid="widget-user">
            {t("signedInAs", { name: credential.name ?? "" })}
          </p>
        ) : null}
      </WidgetHeader>
      <div role="tablist" aria-label={t("feedback")} className="flex gap-1 border-b border-slate-200 px-4">
        {(["new", "mine"] as const).map((name) => (
          <button
            key={name}
            role="tab"
            type="button"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === name ? "border-indigo-600 text-slate-900" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {name === "new" ? t("newIdea") : t("myIdeas")}
          </button>
        ))}
      </div>
      <div className="flex-1 overflow-y-auto p-4" role="tabpanel">
        {problem ? (
          <div className="mb-3">
            <Alert>{problem}</Alert>
          </div>
        ) : null}
        {notice ? (
          <p className="mb-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800" role="status" data-testid="widget-posted">
            {notice}
          </p>
        ) : null}
        {!credential ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{t("signInPrompt")}</p>
            <Button onClick={signIn} data-testid="widget-sign-in">
              {t("signIn")}
            </Button>
          </div>
        ) : tab === "new" ? (
          <SubmitPostForm
            key={formKey}
            slug={slug}
            base={portalBase}
            boardId={board ?? ""}
            limit={ideaLimit}
            actions={actions}
            onPosted={(post) => {
              setNotice(t("posted"));
              setFormKey((key) => key + 1);
              postToHost(window.parent, hostOrigin.current, "submitted", { id: post.id });
            }}
          />
        ) : ideas === null ? null : ideas.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noIdeas")}</p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="widget-own-ideas">
            {ideas.map((idea) => (
              <li key={idea.id} className="flex items-start justify-between gap-3 py-2">
                <a href={`${portalBase}/posts/${idea.id}`} target="_blank" rel="noopener" className="min-w-0 text-sm font-medium text-slate-900 hover:underline">
                  {idea.title}
                  <span className="sr-only"> {tc("opensInNewTab")}</span>
                </a>
                <PostStatus status={idea.status} label={tc(`postStatus.${idea.status}`)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
