"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { LocalTime } from "@/components/ui/local-time";
import type { Role } from "@/lib/generated/prisma/enums";
import type { MemberView } from "@/lib/domain/members/list-members";
import { ROLE_LABELS } from "@/lib/domain/members/member-form-schemas";
import { RoleOptions } from "./role-options";

type MemberListProps = {
  members: MemberView[];
  currentUserId: string;
  actorRole: Role;
  canManage: boolean;
  /** userId of the member whose change is on its way to the server. */
  busyUserId: string | null;
  onChangeRole: (member: MemberView, role: Role) => void;
  onRemove: (member: MemberView) => void;
};

function initials(member: MemberView): string {
  const source = member.name?.trim() || member.email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

export function MemberList({ members, currentUserId, actorRole, canManage, busyUserId, onChangeRole, onRemove }: MemberListProps) {
  const owners = members.filter((m) => m.role === "OWNER").length;
  return (
    <ul aria-label="Members" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {members.map((member) => {
        const you = member.userId === currentUserId;
        const label = member.name ?? member.email;
        const lastOwner = member.role === "OWNER" && owners === 1;
        const editable = canManage && (member.role !== "OWNER" || actorRole === "OWNER");
        const busy = busyUserId === member.userId;
        return (
          <li key={member.userId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5" data-testid="member-row" data-email={member.email}>
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">
                {initials(member)}
              </span>
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {label}
                  {you ? <span className="ml-1.5 text-sm font-normal text-slate-500">(you)</span> : null}
                </p>
                {/* The address may break anywhere; the date never: on a phone it wraps whole. */}
                <p className="flex flex-wrap gap-x-1.5 text-sm text-slate-600">
                  {member.name ? <span className="break-all">{member.email} ·</span> : null}
                  <span className="whitespace-nowrap" data-testid="member-joined">
                    joined <LocalTime value={member.joinedAt} date />
                  </span>
                </p>
                {editable && lastOwner ? (
                  <p id={`last-owner-${member.userId}`} className="text-xs text-amber-700">
                    The only owner cannot be demoted or removed. Make someone else an owner first.
                  </p>
                ) : null}
              </div>
            </div>
            {editable ? (
              <div className="flex items-start gap-2 sm:items-center">
                <div className="w-40">
                  <SelectField
                    label={`Role of ${label}`}
                    hideLabel
                    value={member.role}
                    disabled={busy || lastOwner}
                    aria-describedby={lastOwner ? `last-owner-${member.userId}` : undefined}
                    onChange={(event) => onChangeRole(member, event.target.value as Role)}
                  >
                    <RoleOptions actorRole={actorRole} />
                  </SelectField>
                </div>
                <Button
                  variant="secondary"
                  className="px-3 py-2 text-red-700 hover:bg-red-50"
                  disabled={busy || lastOwner}
                  aria-label={you ? "Leave the workspace" : `Remove ${label}`}
                  onClick={() => onRemove(member)}
                >
                  {you ? "Leave" : "Remove"}
                </Button>
              </div>
            ) : (
              <Badge tone={member.role === "OWNER" ? "indigo" : "neutral"} className="self-start sm:self-center">
                {ROLE_LABELS[member.role]}
              </Badge>
            )}
          </li>
        );
      })}
    </ul>
  );
}
