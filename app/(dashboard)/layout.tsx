import type { Metadata } from "next";
import Link from "next/link";
import { requireSessionUser } from "@/lib/auth/session";
import { AppLogo } from "@/components/shell/app-logo";
import { SignOutButton } from "@/components/workspaces/sign-out-button";
import { ToastProvider } from "@/components/ui/toast";

// Private pages: robots.txt keeps crawlers out, and this keeps them out of an index even if linked.
export const metadata: Metadata = { robots: { index: false, follow: false } };

// Every page below checks the session on the server here, not only in proxy.ts.
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireSessionUser();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link href="/workspaces" className="flex items-center gap-2 font-semibold tracking-tight">
            <AppLogo />
            Workspace
          </Link>
          <div className="flex min-w-0 items-center gap-3 text-sm">
            <span className="hidden truncate text-slate-600 sm:inline" data-testid="signed-in-as">
              {user.email}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      {/* Above the workspace segment, so a toast survives a move to another slug. */}
      <ToastProvider>{children}</ToastProvider>
    </div>
  );
}
