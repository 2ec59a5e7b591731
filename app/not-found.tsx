import type { Metadata } from "next";
import { AppBar } from "@/components/shell/app-bar";
import { NotFoundPanel } from "@/components/shell/not-found-panel";

export const metadata: Metadata = { title: "Page not found" };

// Any address nothing answers, and a portal that does not exist or is not published: only the
// root layout is around it, so it brings a small header of its own.
export default function NotFound() {
  return (
    <div className="min-h-screen">
      <AppBar home="/" />
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
