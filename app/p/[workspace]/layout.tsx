import Link from "next/link";
import { headers } from "next/headers";
import { PortalNav } from "@/components/portal/portal-nav";
import { signInHref } from "@/components/portal/format";
import { getSessionUser } from "@/lib/auth/session";
import { loadPortal } from "@/lib/public/load-portal";

// The public portal of a published workspace: server-rendered, readable by anyone. Lives under /p
// so no workspace slug can ever collide with an app route.
export default async function PortalLayout({ children, params }: { children: React.ReactNode; params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const [{ workspace }, user, requestHeaders] = await Promise.all([loadPortal(slug), getSessionUser(), headers()]);
  const here = requestHeaders.get("x-pathname") ?? `/p/${workspace.slug}`;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <div className="flex items-center justify-between gap-4 pt-4 pb-2">
            <Link href={`/p/${workspace.slug}`} className="truncate text-lg font-semibold tracking-tight text-slate-900" data-testid="portal-name">
              {workspace.name}
            </Link>
            <div className="shrink-0 text-sm">
              {user ? (
                <span className="text-slate-600" data-testid="portal-user">
                  Signed in as {user.name ?? user.email}
                </span>
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
      <footer className="mx-auto max-w-5xl px-4 pb-10 text-xs text-slate-500 sm:px-6">
        {workspace.name} · public portal ·{" "}
        <a className="underline hover:text-slate-700" href={`/api/public/${workspace.slug}/changelog/feed.xml`}>
          Changelog feed
        </a>
      </footer>
    </div>
  );
}
