import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmbedShell } from "@/components/widget/embed-shell";
import { FeedbackWidget } from "@/components/widget/feedback-widget";
import { VISITOR_POSTS } from "@/lib/domain/posts/visitor-limits";
import { loadEmbed } from "@/lib/surfaces/widget/load-embed";

type Props = { params: Promise<{ workspace: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Widget");
  return { title: t("feedback"), robots: { index: false } };
}

// The feedback widget's frame. Framed only by the workspace's allowed origins (the proxy's
// frame-ancestors); everything the visitor does goes through /api/embed with the frame's credential.
export default async function FeedbackEmbedPage({ params, searchParams }: Props) {
  const [{ workspace: slug }, query] = await Promise.all([params, searchParams]);
  const embed = await loadEmbed(slug, query.theme);
  const board = typeof query.board === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(query.board) ? query.board : null;
  const back = `/embed/${embed.workspace.slug}/signed-in`;
  const signInPath = `/sign-in?callbackUrl=${encodeURIComponent(back)}&lang=${encodeURIComponent(embed.locale)}`;
  return (
    <EmbedShell locale={embed.locale} theme={embed.theme} accentColor={embed.workspace.accentColor}>
      <main className="h-full">
        <FeedbackWidget slug={embed.workspace.slug} board={board} allowedOrigins={embed.origins} portalBase={embed.portalBase} signInPath={signInPath} ideaLimit={VISITOR_POSTS.limit} />
      </main>
    </EmbedShell>
  );
}
