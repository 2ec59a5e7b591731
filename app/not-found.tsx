import type { Metadata } from "next";
import Link from "next/link";
import { NotFoundPanel } from "@/components/shell/not-found-panel";
import { AppLogo } from "@/components/shell/app-logo";

export const metadata: Metadata = { title: "Page not found" };

// Any address nothing answers, and a portal that does not exist or is not published: only the
// root layout is around it, so it brings a small header of its own.
export default function NotFound() {
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3 sm:px-6">
          <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight">
            <AppLogo />
            Workspace
          </Link>
        </div>
      </header>
      <NotFoundPanel
        description="Nothing lives at this address. It may have been moved or deleted, or the link may be mistyped."
        ways={[
          { href: "/workspaces", label: "Your workspaces" },
          { href: "/", label: "Home" },
        ]}
      />
    </div>
  );
}
