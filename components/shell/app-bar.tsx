import Link from "next/link";
import { AppLogo } from "./app-logo";

/** The top bar of the app's own pages: the mark and name (linking `home`), and whatever goes on the right. */
export function AppBar({ home, children }: { home: string; children?: React.ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link href={home} className="flex items-center gap-2 font-semibold tracking-tight">
          <AppLogo />
          Workspace
        </Link>
        {children}
      </div>
    </header>
  );
}
