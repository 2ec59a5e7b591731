import Link from "next/link";
import type { Role } from "@/lib/generated/prisma/enums";

/**
 * What a member or viewer sees on a page for admins and owners: what the page is for, why they
 * cannot use it, and whom to ask. A page, not an error: nothing went wrong.
 */
export function NotAllowed({ title, what, role, owners, backHref }: { title: string; what: string; role: Role; owners: string[]; backHref: string }) {
  return (
    <section aria-labelledby="not-allowed-title" className="rounded-xl border border-slate-200 bg-white p-6 sm:p-8" data-testid="not-allowed">
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <rect x="4" y="9" width="12" height="8" rx="1.5" />
            <path d="M7 9V6.5a3 3 0 016 0V9" />
          </svg>
        </span>
        <div>
          <h1 id="not-allowed-title" className="text-lg font-semibold tracking-tight">
            {title}: not allowed
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Only admins and owners can {what}. You are a <strong className="font-medium text-slate-900">{role.toLowerCase()}</strong> in this
            workspace.
            {owners.length > 0 ? ` To get access, ask an owner (${owners.join(", ")}) to change your role.` : ""}
          </p>
          <Link href={backHref} className="mt-4 inline-block text-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600">
            Back to the workspace
          </Link>
        </div>
      </div>
    </section>
  );
}
