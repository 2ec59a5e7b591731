"use client";

import { useRouter } from "next/navigation";
import { useOptimistic, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { PlanMeter } from "@/components/settings/plan-meter";
import type { Plan, Role } from "@/lib/generated/prisma/enums";
import type { InvitationView, MemberView } from "@/lib/domain/members/list-members";
import { MAIL_NOTICES, type MailMode } from "@/lib/platform/mail/mail-notices";
import { ROLE_LABELS } from "@/lib/domain/members/member-form-schemas";
import { planLimitMessage } from "@/lib/domain/plans/limits";
import { ROLE_RANK } from "@/lib/domain/access/roles";
import {
  changeInvitationRoleAction,
  changeMemberRoleAction,
  copyInvitationLinkAction,
  removeMemberAction,
  resendInvitationAction,
  revokeInvitationAction,
} from "@/lib/surfaces/actions/dashboard/members";
import { AddMemberForm } from "./add-member-form";
import { InvitationList, type InvitationCommand } from "./invitation-list";
import { MemberList } from "./member-list";

type MembersManagerProps = {
  slug: string;
  workspaceName: string;
  currentUserId: string;
  role: Role;
  canManage: boolean;
  plan: Plan;
  used: number;
  limit: number | null;
  members: MemberView[];
  invitations: InvitationView[];
  /** How this instance sends mail: with none, invitations are passed on as copied links. */
  mail: MailMode;
};

const firstError = (fieldErrors: Record<string, string>, fallback: string) => Object.values(fieldErrors)[0] ?? fallback;

export function MembersManager(props: MembersManagerProps) {
  const { slug, workspaceName, currentUserId, role, canManage, plan, used, limit, invitations, mail } = props;
  const router = useRouter();
  const toast = useToast();
  const [, startTransition] = useTransition();
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const [busyInvitation, setBusyInvitation] = useState<{ id: string; command: InvitationCommand | "role" } | null>(null);
  const [removing, setRemoving] = useState<MemberView | null>(null);
  const [selfDemotion, setSelfDemotion] = useState<Role | null>(null);
  // The new role shows at once; it settles to the server's answer when the action's refresh lands.
  const [members, setOptimisticRole] = useOptimistic(props.members, (current, change: { userId: string; role: Role }) =>
    current.map((member) => (member.userId === change.userId ? { ...member, role: change.role } : member)),
  );

  const atLimit = limit !== null && used >= limit;
  const me = members.find((member) => member.userId === currentUserId);

  function applyRole(member: MemberView, next: Role) {
    setBusyUserId(member.userId);
    startTransition(async () => {
      setOptimisticRole({ userId: member.userId, role: next });
      try {
        const result = await changeMemberRoleAction(slug, { userId: member.userId, role: next });
        if (result.ok) toast.success(`${member.name ?? member.email} is now ${ROLE_LABELS[next].toLowerCase()}.`);
        else toast.error(firstError(result.fieldErrors, "The role could not be changed."));
      } catch {
        toast.error("The server did not answer; the role was not changed. Try again.");
      } finally {
        setBusyUserId(null);
      }
    });
  }

  function changeRole(member: MemberView, next: Role) {
    if (member.role === next) return;
    // Lowering your own role can lock you out of this page: ask first.
    if (member.userId === currentUserId && ROLE_RANK[next] < ROLE_RANK[member.role]) {
      setSelfDemotion(next);
      return;
    }
    applyRole(member, next);
  }

  async function remove(): Promise<string | null> {
    if (!removing) return null;
    const result = await removeMemberAction(slug, { userId: removing.userId });
    if (!result.ok) return firstError(result.fieldErrors, "The member could not be removed.");
    setRemoving(null);
    const keys = result.data.revokedKeys;
    if (result.data.left) {
      router.replace("/workspaces");
      router.refresh();
      return null;
    }
    toast.success(
      `${removing.name ?? removing.email} no longer has access to ${workspaceName}${keys > 0 ? `; ${keys} API ${keys === 1 ? "key" : "keys"} revoked` : ""}.`,
    );
    return null;
  }

  async function invitationCommand(invitation: InvitationView, command: InvitationCommand) {
    setBusyInvitation({ id: invitation.id, command });
    const ref = { invitationId: invitation.id };
    try {
      if (command === "revoke") {
        const result = await revokeInvitationAction(slug, ref);
        if (result.ok) toast.success(`The invitation for ${invitation.email} is withdrawn.`);
        else toast.error(firstError(result.fieldErrors, "The invitation could not be withdrawn."));
      } else if (command === "resend") {
        const result = await resendInvitationAction(slug, ref);
        if (result.ok) toast.success(MAIL_NOTICES.invitationResent(mail, invitation.email));
        else toast.error(firstError(result.fieldErrors, "The invitation could not be sent."));
      } else {
        const result = await copyInvitationLinkAction(slug, ref);
        if (!result.ok) toast.error(firstError(result.fieldErrors, "No link could be made."));
        else {
          await navigator.clipboard.writeText(result.data.url);
          toast.success(`Invitation link for ${invitation.email} copied. Only that address can accept it.`);
        }
      }
    } catch {
      toast.error("The server did not answer, or the clipboard refused. Try again.");
    } finally {
      setBusyInvitation(null);
    }
  }

  async function changeInvitationRole(invitation: InvitationView, next: Role) {
    if (invitation.role === next) return;
    setBusyInvitation({ id: invitation.id, command: "role" });
    try {
      const result = await changeInvitationRoleAction(slug, { invitationId: invitation.id, role: next });
      if (result.ok) toast.success(`The invitation for ${invitation.email} now grants ${ROLE_LABELS[next].toLowerCase()}.`);
      else toast.error(firstError(result.fieldErrors, "The role could not be changed."));
    } catch {
      toast.error("The server did not answer; the invitation was not changed. Try again.");
    } finally {
      setBusyInvitation(null);
    }
  }

  const removingSelf = removing?.userId === currentUserId;

  return (
    <main className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="max-w-xl">
          <h1 className="text-2xl font-semibold tracking-tight">Members</h1>
          <p className="mt-1 text-sm text-slate-600">
            Who can use {workspaceName}, and with which role. A role change also applies at once to the API keys that person created.
          </p>
        </div>
        <PlanMeter used={used} limit={limit} plan={plan} label="members and invitations" testId="member-usage" />
      </div>

      {canManage ? (
        <AddMemberForm
          slug={slug}
          actorRole={role}
          mail={mail}
          limitMessage={atLimit ? planLimitMessage(plan, "members") : null}
        />
      ) : (
        <Alert tone="info">
          You are a {role.toLowerCase()}: you can see who is here, but only admins and owners can add members or change roles.
        </Alert>
      )}

      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="font-medium text-slate-900">
          {members.length} {members.length === 1 ? "member" : "members"}
        </h2>
        <MemberList
          members={members}
          currentUserId={currentUserId}
          actorRole={role}
          canManage={canManage}
          busyUserId={busyUserId}
          onChangeRole={changeRole}
          onRemove={setRemoving}
        />
      </section>

      {canManage ? (
        <section aria-labelledby="invitations-heading" className="space-y-3">
          <h2 id="invitations-heading" className="font-medium text-slate-900">
            Pending invitations
          </h2>
          <InvitationList
            mail={mail}
            invitations={invitations}
            actorRole={role}
            busy={busyInvitation}
            onCommand={invitationCommand}
            onChangeRole={changeInvitationRole}
          />
        </section>
      ) : null}

      <ConfirmDialog
        open={removing !== null}
        title={removingSelf ? `Leave ${workspaceName}?` : `Remove ${removing?.name ?? removing?.email ?? "member"}?`}
        confirmLabel={removingSelf ? "Leave workspace" : "Remove member"}
        pendingLabel={removingSelf ? "Leaving…" : "Removing…"}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
        testId="remove-member-dialog"
      >
        <RemovalKeys keys={removing?.activeKeys ?? []} self={removingSelf} />
        <p>
          {removingSelf ? "You lose access at once" : `${removing?.email} loses access at once`}, and every API key {removingSelf ? "you" : "they"}{" "}
          created is revoked: it answers 401 from its next request and stays revoked if {removingSelf ? "you are" : "they are"} added again.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={selfDemotion !== null}
        title={`Make yourself ${selfDemotion ? ROLE_LABELS[selfDemotion].toLowerCase() : ""}?`}
        confirmLabel="Change my role"
        pendingLabel="Changing…"
        onConfirm={async () => {
          if (me && selfDemotion) applyRole(me, selfDemotion);
          setSelfDemotion(null);
          return null;
        }}
        onCancel={() => setSelfDemotion(null)}
        testId="self-demotion-dialog"
      >
        <p>
          Your own API keys follow your new role at once
          {selfDemotion && ROLE_RANK[selfDemotion] < ROLE_RANK.ADMIN ? ", and you will no longer manage members, API keys or settings" : ""}. Only
          {role === "OWNER" ? " an owner" : " an admin or owner"} can undo this.
        </p>
      </ConfirmDialog>
    </main>
  );
}

/** The keys a removal revokes, listed before anything else in the confirmation. */
function RemovalKeys({ keys, self }: { keys: MemberView["activeKeys"]; self: boolean }) {
  if (keys.length === 0) return <p className="font-medium">{self ? "You have" : "They have"} no active API keys in this workspace.</p>;
  return (
    <div className="mb-3">
      <p className="font-medium">
        {keys.length === 1 ? "This API key stops working:" : `These ${keys.length} API keys stop working:`}
      </p>
      <ul aria-label="API keys that will be revoked" className="mt-1.5 space-y-1" data-testid="removal-keys">
        {keys.map((key) => (
          <li key={key.id} className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-1.5">
            <span className="truncate">{key.name}</span>
            <code className="shrink-0 text-xs text-slate-600">{key.hint}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
