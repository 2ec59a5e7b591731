"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { LocalTime } from "@/components/ui/local-time";
import type { Role } from "@/lib/generated/prisma/enums";
import type { InvitationView } from "@/lib/domain/members/list-members";
import { ROLE_LABELS } from "@/lib/domain/members/member-form-schemas";
import type { MailMode } from "@/lib/platform/mail/mail-notices";
import { RoleOptions } from "./role-options";

export type InvitationCommand = "resend" | "copy" | "revoke";

type Props = {
  invitations: InvitationView[];
  actorRole: Role;
  /** With mail off there is nothing to resend: "Copy link" is the way to pass an invitation on. */
  mail: MailMode;
  /** The invitation whose change is on its way, and which change. */
  busy: { id: string; command: InvitationCommand | "role" } | null;
  onCommand: (invitation: InvitationView, command: InvitationCommand) => void;
  onChangeRole: (invitation: InvitationView, role: Role) => void;
};

const BUSY_LABELS: Record<InvitationCommand, string> = { resend: "Sending…", copy: "Copying…", revoke: "Revoking…" };

export function InvitationList({ invitations, actorRole, mail, busy, onCommand, onChangeRole }: Props) {
  if (invitations.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-6 text-center text-sm text-slate-600">No pending invitations.</p>;
  }
  return (
    <ul aria-label="Pending invitations" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {invitations.map((invitation) => {
        const expired = invitation.expired;
        const editable = invitation.role !== "OWNER" || actorRole === "OWNER";
        const rowBusy = busy?.id === invitation.id;
        const button = (command: InvitationCommand, label: string, aria: string) => (
          <Button variant="secondary" className="px-3 py-1.5" disabled={rowBusy} onClick={() => onCommand(invitation, command)} aria-label={aria}>
            {rowBusy && busy?.command === command ? BUSY_LABELS[command] : label}
          </Button>
        );
        return (
          <li key={invitation.id} className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between sm:p-5" data-testid="invitation-row" data-email={invitation.email}>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{invitation.email}</p>
              <p className="text-sm text-slate-600">
                Invited{invitation.invitedBy ? ` by ${invitation.invitedBy}` : ""} on{" "}
                <LocalTime value={invitation.createdAt} date />{" "}
                ·{" "}
                {expired ? (
                  <Badge tone="amber">Link expired</Badge>
                ) : (
                  <>
                    link expires{" "}
                    <LocalTime value={invitation.expiresAt} date />
                  </>
                )}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap items-center gap-2 lg:flex-nowrap">
              {editable ? (
                <div className="w-32">
                  <SelectField
                    label={`Role of the invitation for ${invitation.email}`}
                    hideLabel
                    value={invitation.role}
                    disabled={rowBusy}
                    onChange={(event) => onChangeRole(invitation, event.target.value as Role)}
                  >
                    <RoleOptions actorRole={actorRole} />
                  </SelectField>
                </div>
              ) : (
                <Badge>{ROLE_LABELS[invitation.role]}</Badge>
              )}
              {button("copy", "Copy link", `Copy the invitation link for ${invitation.email}`)}
              {mail === "off" ? null : button("resend", "Resend", `Resend the invitation to ${invitation.email}`)}
              {button("revoke", "Revoke", `Revoke the invitation for ${invitation.email}`)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
