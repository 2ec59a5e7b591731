import Link from "next/link";
import { headers } from "next/headers";
import type { Metadata } from "next";
import { PortalBrand } from "@/components/portal/portal-brand";
import { PortalNav } from "@/components/portal/portal-nav";
import { ThemeSwitch } from "@/components/theme/theme-switch";
import { signInHref } from "@/components/portal/format";
import { SignOutButton } from "@/components/workspaces/sign-out-button";
import { getSessionUser } from "@/lib/auth/session";
import { loadPortal } from "@/lib/public/load-portal";
import { getMemberWorkspace } from "@/lib/workspaces/list-user-workspaces";
import { accentStyle } from "@/lib/branding/accent";
import { logoPath } from "@/lib/branding/branding-view";
import { currentThemePreference } from "@/lib/theme/current-theme";

// The portal's browser-tab icon follows its logo.
export async function generateMetadata({ params }: { params: Promise<{ workspace: string }> }): Promise<Metadata> {
  const { workspace } = await loadPortal((await params).workspace);
  return workspace.logoVersion ? { icons: { icon: logoPath(workspace.slug, workspace.logoVersion) } } : {};
}

// The public portal of a published workspace: server-rendered, readable by anyone. Lives under /p
// so no workspace slug can ever collide with an app route.
export default async function PortalLayout({ children, params }: { children: React.ReactNode; params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const [{ workspace }, user, requestHeaders, theme] = await Promise.all([loadPortal(slug), getSessionUser(), headers(), currentThemePreference()]);
  const here = requestHeaders.get("x-pathname") ?? `/p/${workspace.slug}`;
  // Members get a way back to the dashboard; everyone else is a visitor here.
  const member = user ? await getMemberWorkspace(user.id, workspace.slug) : null;
  return (
    // The workspace's accent paints the filled buttons and the active tab (globals.css, [data-accent]).
    <div
      className="min-h-screen bg-slate-50"
      data-accent={workspace.accentColor ? "" : undefined}
      style={workspace.accentColor ? (accentStyle(workspace.accentColor) as React.CSSProperties) : undefined}
    >
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <div className="flex items-center justify-between gap-4 pt-4 pb-2">
            <Link href={`/p/${workspace.slug}`} className="min-w-0 truncate text-lg font-semibold tracking-tight text-slate-900" data-testid="portal-name">
              <PortalBrand name={workspace.name} logoUrl={workspace.logoVersion ? logoPath(workspace.slug, workspace.logoVersion) : null} />
            </Link>
            <div className="flex shrink-0 items-center gap-1 text-sm sm:gap-2">
              {user ? (
                <>
                  {/* On a phone only the initial shows (the name is still read out), leaving room for the portal's name. */}
                  <span className="flex min-w-0 items-center gap-2 text-slate-600" data-testid="portal-user" title={user.name ?? user.email}>
                    <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700 sm:hidden">
                      {[...(user.name ?? user.email).trim()][0]?.toUpperCase()}
                    </span>
                    <span className="sr-only sm:not-sr-only sm:max-w-[16rem] sm:truncate">Signed in as {user.name ?? user.email}</span>
                  </span>
                  {member ? (
                    <Link
                      href={`/w/${workspace.slug}`}
                      className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50"
                    >
                      Dashboard
                    </Link>
                  ) : null}
                  <SignOutButton callbackUrl={here} className="px-2 sm:px-3" />
                </>
              ) : (
                <Link href={signInHref(here)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50">
                  Sign in
                </Link>
              )}
            </div>
          </div>
          <PortalNav slug={workspace.slug} />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">{children}</main>
      <div className="mx-auto max-w-5xl px-4 pb-3 sm:px-6">
        <ThemeSwitch initial={theme} />
      </div>
      <footer className="mx-auto max-w-5xl px-4 pb-10 text-xs text-slate-500 sm:px-6">
        {workspace.name} · public portal ·{" "}
        <a className="underline hover:text-slate-700" href={`/api/public/${workspace.slug}/changelog/feed.xml`}>
          Changelog feed
        </a>
      </footer>
    </div>
  );
}
