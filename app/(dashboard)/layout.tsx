import type { Metadata } from "next";
import Link from "next/link";
import { requireSessionUser } from "@/lib/surfaces/auth/session";
import { isOperator } from "@/lib/domain/plans/operators";
import { currentThemePreference } from "@/lib/platform/theme/current-theme";
import { AppBar } from "@/components/shell/app-bar";
import { AccountMenu } from "@/components/workspaces/account-menu";
import { SignOutButton } from "@/components/workspaces/sign-out-button";
import { ToastProvider } from "@/components/ui/toast";

// Private pages: robots.txt keeps crawlers out, and this keeps them out of an index even if linked.
export const metadata: Metadata = { robots: { index: false, follow: false } };

// Every page below checks the session on the server here, not only in proxy.ts.
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const [user, theme] = await Promise.all([requireSessionUser(), currentThemePreference()]);
  return (
    <div className="min-h-screen">
      <AppBar home="/workspaces">
        <div className="flex min-w-0 items-center gap-2 text-sm">
          {isOperator(user) ? (
            <Link href="/operator" className="rounded-md px-2 py-1.5 font-medium text-slate-700 hover:bg-slate-100">
              Operator
            </Link>
          ) : null}
          <AccountMenu email={user.email} theme={theme} />
          <SignOutButton />
        </div>
      </AppBar>
      {/* Above the workspace segment, so a toast survives a move to another slug. */}
      <ToastProvider>{children}</ToastProvider>
    </div>
  );
}
