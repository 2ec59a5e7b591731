"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { TypedConfirmation } from "@/components/ui/typed-confirmation";
import { STAY_PENDING, useActionForm } from "@/components/ui/use-action-form";
import { deleteWorkspaceAction, leaveWorkspaceAction } from "@/lib/surfaces/actions/dashboard/settings";

type DangerZoneProps = {
  workspace: { name: string; slug: string };
  canDelete: boolean;
  /** The actor is the workspace's only owner: leaving is refused, so say why before they try. */
  soleOwner: boolean;
};

/** Leaving the workspace (anyone but its only owner) and deleting it (owners), at the end of General. */
export function DangerZone({ workspace, canDelete, soleOwner }: DangerZoneProps) {
  return (
    <section aria-labelledby="danger-heading" className="rounded-xl border border-red-200 bg-white">
      <div className="border-b border-red-100 px-4 py-4 sm:px-6">
        <h2 id="danger-heading" className="font-medium text-red-800">
          Danger zone
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">Leaving and deleting cannot be undone.</p>
      </div>
      <div className="divide-y divide-slate-100">
        <LeaveRow workspace={workspace} soleOwner={soleOwner} />
        {canDelete ? <DeleteRow workspace={workspace} /> : null}
      </div>
    </section>
  );
}

function Row({ title, description, children }: { title: string; description: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="max-w-xl">
        <h3 className="text-sm font-medium text-slate-900">{title}</h3>
        <div className="mt-0.5 text-sm text-slate-600">{description}</div>
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}

function LeaveRow({ workspace, soleOwner }: Pick<DangerZoneProps, "workspace" | "soleOwner">) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);

  async function leave(): Promise<string | null> {
    const result = await leaveWorkspaceAction(workspace.slug);
    if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "You could not leave the workspace.";
    toast.success(`You left ${workspace.name}.`);
    router.replace("/workspaces");
    return null;
  }

  return (
    <Row
      title="Leave this workspace"
      description={
        soleOwner ? (
          <span id="sole-owner-note">
            You are its only owner. Make someone else an owner first (Members), or delete the workspace.
          </span>
        ) : (
          "You lose access at once; your API keys for it stop working. An admin can add you again."
        )
      }
    >
      <Button variant="secondary" className="text-red-700 hover:bg-red-50" disabled={soleOwner} aria-describedby={soleOwner ? "sole-owner-note" : undefined} onClick={() => setOpen(true)}>
        Leave workspace
      </Button>
      <ConfirmDialog
        open={open}
        title={`Leave ${workspace.name}?`}
        confirmLabel="Leave workspace"
        pendingLabel="Leaving…"
        onConfirm={leave}
        onCancel={() => setOpen(false)}
        testId="leave-dialog"
      >
        <p>You will no longer see this workspace, and API keys you created for it stop working on their next request.</p>
      </ConfirmDialog>
    </Row>
  );
}

function DeleteRow({ workspace }: Pick<DangerZoneProps, "workspace">) {
  const [open, setOpen] = useState(false);
  return (
    <Row title="Delete this workspace" description="Deletes everything in it for everyone, with its portal and its API keys.">
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete workspace…
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Delete ${workspace.name}?`} testId="delete-dialog">
        <DeleteForm workspace={workspace} onCancel={() => setOpen(false)} />
      </Dialog>
    </Row>
  );
}

function DeleteForm({ workspace, onCancel }: Pick<DangerZoneProps, "workspace"> & { onCancel: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [confirmation, setConfirmation] = useState("");
  const { errors, pending, submit, formError } = useActionForm("The server did not answer; nothing was deleted. Try again.");
  const message = formError(new Set(["confirmation"]));

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    await submit(
      () => deleteWorkspaceAction(workspace.slug, { confirmation }),
      (deleted) => {
        toast.success(`${deleted.name} was deleted.`);
        router.replace("/workspaces");
        return STAY_PENDING;
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex min-h-0 flex-1 flex-col">
      <TypedConfirmation phrase={workspace.slug} value={confirmation} onChange={setConfirmation} error={errors.confirmation} pending={pending} onCancel={onCancel} submitLabel="Delete this workspace">
        {message ? <Alert>{message}</Alert> : null}
        <p>
          This deletes <strong>{workspace.name}</strong> and everything in it: boards, posts, votes and comments, the roadmap, release
          notes, the status page, todos, members, invitations and API keys. Its portal and public API stop answering at once. There is
          no undo.
        </p>
      </TypedConfirmation>
    </form>
  );
}
