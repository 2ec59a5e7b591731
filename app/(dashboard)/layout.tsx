import type { Metadata } from "next";
import { requireSessionUser } from "@/lib/surfaces/auth/session";
import { isOperator } from "@/lib/domain/plans/operators";
import { currentThemePreference } from "@/lib/platform/theme/current-theme";
import { AppBar } from "@/components/shell/app-bar";
import { isSharedRender } from "@/lib/surfaces/dashboard/shared-render";
import { AccountMenu } from "@/components/workspaces/account-menu";
import { OperatorLink } from "@/components/workspaces/operator-link";
import { SignOutButton } from "@/components/workspaces/sign-out-button";
import { ToastProvider } from "@/components/ui/toast";

// Private pages: robots.txt keeps crawlers out, and this keeps them out of an index even if linked.
export const metadata: Metadata = { robots: { index: false, follow: false } };

// Every page below checks the session on the server here, not only in proxy.ts.
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const [user, theme, shared] = await Promise.all([requireSessionUser(), currentThemePreference(), isSharedRender()]);
  // A render shared by every member of a role names nobody: the header's parts ask who is looking.
  return (
    <div className="min-h-screen">
      <AppBar home="/workspaces">
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <OperatorLink operator={shared ? null : isOperator(user)} />
          <AccountMenu email={shared ? null : user.email} theme={theme} />
          <SignOutButton />
        </div>
      </AppBar>
      {/* Above the workspace segment, so a toast survives a move to another slug. */}
      <ToastProvider>{children}</ToastProvider>
    </div>
  );
}
