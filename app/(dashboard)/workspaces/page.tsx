import type { Metadata } from "next";
import Link from "next/link";
import { VerifyEmailBanner } from "@/components/account/verify-email-banner";
import { PendingInvitations } from "@/components/invitations/pending-invitations";
import { Alert } from "@/components/ui/alert";
import { requireSessionUser } from "@/lib/surfaces/auth/session";
import { listMyInvitations } from "@/lib/domain/invitations/find-invitation";
import { mailMode } from "@/lib/platform/mail/config";
import { listUserWorkspaces } from "@/lib/domain/workspaces/list-user-workspaces";

export const metadata: Metadata = { title: "Your workspaces" };

// Where a verification link lands (app/verify-email/route.ts): what happened to it.
const EMAIL_NOTICES: Record<string, { tone: "success" | "error"; text: string }> = {
  verified: { tone: "success", text: "Your email address is confirmed." },
  expired: { tone: "error", text: "That confirmation link has expired. Send yourself a new one below." },
  used: { tone: "error", text: "That confirmation link was already used. If your address is not confirmed yet, send a new one." },
  invalid: { tone: "error", text: "That confirmation link is not valid. Use the newest link we sent, or send a new one." },
};

export default async function WorkspacesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireSessionUser("/workspaces");
  const notice = EMAIL_NOTICES[String((await searchParams).email ?? "")];
  const [workspaces, invitations] = await Promise.all([listUserWorkspaces(user.id), listMyInvitations(user.id)]);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="mb-6 space-y-4 empty:hidden">
        {notice && !(notice.tone === "error" && user.emailVerified) ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        {user.emailVerified ? null : <VerifyEmailBanner email={user.email} mail={mailMode()} />}
      </div>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Your workspaces</h1>
        <Link href="/workspaces/new" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
          New workspace
        </Link>
      </div>
      <PendingInvitations invitations={invitations} />
      {workspaces.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="font-medium">You have no workspaces yet.</p>
          <p className="mt-1 text-sm text-slate-600">Create one to collect feedback, publish a changelog and run a status page.</p>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Workspaces">
          {workspaces.map((workspace) => (
            <li key={workspace.id}>
              <Link href={`/w/${workspace.slug}`} className="flex items-center justify-between px-5 py-4 hover:bg-slate-50">
                <span>
                  <span dir="auto" className="block font-medium">{workspace.name}</span>
                  <span className="block text-sm text-slate-500">{workspace.slug}</span>
                </span>
                <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{workspace.role.toLowerCase()}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
