import type { Metadata } from "next";
import Link from "next/link";
import { VerifyEmailBanner } from "@/components/account/verify-email-banner";
import { SignOutButton } from "@/components/workspaces/sign-out-button";
import { Alert } from "@/components/ui/alert";
import { getSessionUser } from "@/lib/surfaces/auth/session";
import { findInvitationByToken } from "@/lib/domain/invitations/find-invitation";
import { mailMode } from "@/lib/platform/mail/config";
import { ROLE_LABELS } from "@/lib/domain/members/member-form-schemas";
import { maskEmail } from "@/lib/domain/users/mask-email";
import { acceptByLinkAction, declineByLinkAction } from "@/lib/surfaces/actions/auth/invitation-link";
import { InvitationAnswer } from "./invitation-answer";

export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer", robots: { index: false } };

const linkClass = "font-medium text-indigo-700 underline";

// The page behind an invitation link. Reading it uses nothing up; answering takes an account
// signed in with the invited address, proven (lib/domain/invitations/invitee.ts).
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [found, user] = await Promise.all([findInvitationByToken(token), getSessionUser()]);
  const here = `/invitations/${encodeURIComponent(token)}`;

  if (!found.ok && !found.invitation) {
    return (
      <>
        <h1 className="text-xl font-semibold">This invitation is no longer valid</h1>
        <p className="mt-2 text-sm text-slate-600">
          It was accepted, declined or withdrawn, or the link is incomplete. Ask an admin of the workspace for a new invitation if you still
          need access.
        </p>
        <p className="mt-6 text-sm">
          <Link className={linkClass} href="/workspaces">
            Go to your workspaces
          </Link>
        </p>
      </>
    );
  }

  const invitation = found.invitation!;
  const expired = !found.ok || invitation.expired;
  const role = ROLE_LABELS[invitation.role].toLowerCase();
  // Only the invitee's own account is shown the invited address in full. Anyone else holding the
  // link (signed out, or signed in with another address: a link may be forwarded or leaked) learns
  // only enough of it to tell which account to use.
  const someoneElse = user !== null && user.email !== invitation.email;
  const invitee = user !== null && !someoneElse ? invitation.email : maskEmail(invitation.email);
  return (
    <>
      <h1 className="text-xl font-semibold">Join {invitation.workspace.name}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {invitation.invitedBy ?? "An admin"} invited <strong className="text-slate-900">{invitee}</strong> to join as {role}.
      </p>
      <div className="mt-6 space-y-4">
        {expired ? (
          <Alert>This invitation link has expired. Ask {invitation.invitedBy ?? "an admin of the workspace"} to send a new one.</Alert>
        ) : !user ? (
          <>
            <p className="text-sm text-slate-700">Sign in with {invitee} to answer, or create an account with that address.</p>
            <div className="flex flex-col gap-2">
              <Link href={`/sign-in?callbackUrl=${encodeURIComponent(here)}`} className="rounded-md bg-indigo-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-indigo-500">
                Sign in
              </Link>
              <Link
                href={`/sign-up?callbackUrl=${encodeURIComponent(here)}`}
                className="rounded-md border border-slate-300 bg-white px-4 py-2 text-center text-sm font-medium text-slate-900 hover:bg-slate-50"
              >
                Create an account
              </Link>
            </div>
          </>
        ) : someoneElse ? (
          <>
            <Alert>
              You are signed in as {user.email}, another account. This invitation is for {invitee}: sign out, then sign in with that address.
            </Alert>
            <SignOutButton callbackUrl={`/sign-in?callbackUrl=${encodeURIComponent(here)}`} variant="secondary" />
          </>
        ) : !user.emailVerified ? (
          <VerifyEmailBanner email={user.email} mail={mailMode()} stacked />
        ) : (
          <InvitationAnswer workspaceName={invitation.workspace.name} accept={acceptByLinkAction.bind(null, token)} decline={declineByLinkAction.bind(null, token)} />
        )}
      </div>
    </>
  );
}
