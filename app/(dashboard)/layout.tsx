import Link from "next/link";
import { requireSessionUser } from "@/lib/auth/session";
import { AccountMenu } from "@/components/workspaces/account-menu";
import { SignOutButton } from "@/components/workspaces/sign-out-button";
import { ToastProvider } from "@/components/ui/toast";
import { signOutEverywhereAction } from "./account-actions";

// Every page below checks the session on the server here, not only in proxy.ts.
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireSessionUser();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link href="/workspaces" className="font-semibold tracking-tight">
            Workspace
          </Link>
          <div className="flex items-center gap-2 text-sm">
            <AccountMenu email={user.email} signOutEverywhere={signOutEverywhereAction} />
            <SignOutButton />
          </div>
        </div>
      </header>
      {/* Above the workspace segment, so a toast survives a move to another slug. */}
      <ToastProvider>{children}</ToastProvider>
    </div>
  );
}
