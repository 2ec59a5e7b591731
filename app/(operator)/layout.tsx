import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppBar } from "@/components/shell/app-bar";
import { ToastProvider } from "@/components/ui/toast";
import { AccountMenu } from "@/components/workspaces/account-menu";
import { SignOutButton } from "@/components/workspaces/sign-out-button";
import { getSessionUser } from "@/lib/surfaces/auth/session";
import { isOperator } from "@/lib/domain/plans/operators";
import { currentThemePreference } from "@/lib/platform/theme/current-theme";

export const metadata: Metadata = { robots: { index: false, follow: false } };

// Outside the dashboard group on purpose: the dashboard sends a signed-out visitor to sign in,
// which would tell them this page exists. Here everyone but an operator gets the plain 404.
export default async function OperatorLayout({ children }: { children: React.ReactNode }) {
  const user = await getSessionUser();
  if (!user || !isOperator(user)) notFound();
  return (
    <div className="min-h-screen">
      <AppBar home="/workspaces">
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <AccountMenu email={user.email} theme={await currentThemePreference()} />
          <SignOutButton />
        </div>
      </AppBar>
      <ToastProvider>{children}</ToastProvider>
    </div>
  );
}
