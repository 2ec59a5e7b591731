"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import type { InvitationDetails } from "@/lib/domain/invitations/find-invitation";
import { ROLE_LABELS } from "@/lib/domain/members/member-form-schemas";
import { acceptInvitationAction, declineInvitationAction } from "@/lib/surfaces/actions/dashboard/workspaces";

type Props = {
  invitations: InvitationDetails[];
};

/** The invitations waiting for this (proven) address, each with Accept and Decline. */
export function PendingInvitations({ invitations }: Props) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  async function run(invitation: InvitationDetails, kind: "accept" | "decline") {
    setBusy(invitation.id);
    setMessage(null);
    try {
      if (kind === "accept") {
        const result = await acceptInvitationAction(invitation.id);
        if (!result.ok) return setMessage({ tone: "error", text: Object.values(result.fieldErrors)[0] ?? "" });
        router.push(`/w/${result.data.slug}`);
        return;
      }
      const result = await declineInvitationAction(invitation.id);
      if (!result.ok) return setMessage({ tone: "error", text: Object.values(result.fieldErrors)[0] ?? "" });
      setMessage({ tone: "success", text: `You declined the invitation to ${result.data.name}.` });
      router.refresh();
    } catch {
      setMessage({ tone: "error", text: "The server did not answer. Try again." });
    } finally {
      setBusy(null);
    }
  }

  if (invitations.length === 0 && !message) return null;
  return (
    <section aria-labelledby="invitations-heading" className="mt-8 space-y-3">
      <h2 id="invitations-heading" className="font-medium">
        Invitations
      </h2>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {invitations.length > 0 ? (
        <ul aria-label="Invitations" className="divide-y divide-slate-200 rounded-xl border border-indigo-200 bg-white">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="my-invitation">
              <div className="min-w-0">
                <p className="font-medium">{invitation.workspace.name}</p>
                <p className="text-sm text-slate-600">
                  {invitation.invitedBy ?? "An admin"} invited you as {ROLE_LABELS[invitation.role].toLowerCase()} · expires{" "}
                  <LocalTime value={invitation.expiresAt} date />
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" disabled={busy !== null} onClick={() => run(invitation, "decline")} aria-label={`Decline the invitation to ${invitation.workspace.name}`}>
                  Decline
                </Button>
                <Button disabled={busy !== null} onClick={() => run(invitation, "accept")} aria-label={`Accept the invitation to ${invitation.workspace.name}`}>
                  {busy === invitation.id ? "Joining…" : "Accept"}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
