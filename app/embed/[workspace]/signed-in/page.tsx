import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CredentialHandoff } from "@/components/widget/credential-handoff";
import { EmbedShell } from "@/components/widget/embed-shell";
import { issueWidgetCredential } from "@/lib/domain/widget/widget-credential";
import { requireSessionUser } from "@/lib/surfaces/auth/session";
import { loadEmbed } from "@/lib/surfaces/widget/load-embed";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Widget");
  return { title: t("signIn"), robots: { index: false } };
}

// Where the widget's sign-in popup lands after the portal's sign-in. This is a top-level page, so
// the session cookie is the visitor's own first-party one; it is turned into the widget's
// credential for this workspace and handed to the frame that opened the popup, then the popup closes.
export default async function SignedInPage({ params }: Props) {
  const { workspace: slug } = await params;
  const embed = await loadEmbed(slug);
  const user = await requireSessionUser(`/embed/${embed.workspace.slug}/signed-in`);
  const [t, credential] = await Promise.all([getTranslations("Widget"), issueWidgetCredential({ workspaceId: embed.workspace.id, userId: user.id, via: "portal" })]);
  return (
    <EmbedShell locale={embed.locale} theme={embed.theme} accentColor={embed.workspace.accentColor}>
      <main className="p-6">
        <h1 className="text-lg font-semibold">{t("signIn")}</h1>
        <p className="mt-2 text-sm text-slate-700" data-testid="widget-signed-in">
          {t("signedIn")}
        </p>
        <CredentialHandoff token={credential.token} expiresAt={credential.expiresAt} name={user.name ?? user.email} />
      </main>
    </EmbedShell>
  );
}
