"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate, formatDateTime } from "@/components/settings/format-date";
import type { InvitationView } from "@/lib/members/list-members";
import { ROLE_LABELS } from "@/lib/members/member-form-schemas";

export function InvitationList({ invitations, busyId, onRevoke }: { invitations: InvitationView[]; busyId: string | null; onRevoke: (invitation: InvitationView) => void }) {
  if (invitations.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-6 text-center text-sm text-slate-600">No pending invitations.</p>;
  }
  return (
    <ul aria-label="Pending invitations" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5" data-testid="invitation-row" data-email={invitation.email}>
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{invitation.email}</p>
            <p className="text-sm text-slate-600">
              Invited{invitation.invitedBy ? ` by ${invitation.invitedBy}` : ""} on{" "}
              <time dateTime={invitation.createdAt} title={formatDateTime(invitation.createdAt)}>
                {formatDate(invitation.createdAt)}
              </time>{" "}
              · joins when they sign up
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge>{ROLE_LABELS[invitation.role]}</Badge>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              disabled={busyId === invitation.id}
              onClick={() => onRevoke(invitation)}
              aria-label={`Revoke the invitation for ${invitation.email}`}
            >
              {busyId === invitation.id ? "Revoking…" : "Revoke"}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
