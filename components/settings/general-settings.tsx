"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { SettingsSection } from "./settings-section";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import type { Plan, Role } from "@/lib/generated/prisma/enums";
import { PLANS, planName, RESOURCE_LABELS } from "@/lib/domain/plans/limits";
import type { PlanUsage } from "@/lib/domain/plans/get-plan-usage";
import { UpgradeNote, type OperatorContact } from "@/components/plans/upgrade-note";
import { updateWorkspaceAction } from "@/lib/surfaces/actions/dashboard/settings";

type GeneralSettingsProps = {
  workspace: { name: string; slug: string; portalPublished: boolean; plan: Plan };
  role: Role;
  canManage: boolean;
  usage: PlanUsage[];
  /** Who to ask for another plan, when the instance names someone. */
  operatorContact: OperatorContact;
  /** The reader operates this instance (OPERATOR_EMAILS; the demo account in development). */
  youOperate: boolean;
  /** Sections the page adds at the end (leaving and deleting the workspace). */
  children?: React.ReactNode;
};

const FIELDS = new Set(["name", "slug"]);

export function GeneralSettings({ workspace, role, canManage, usage, operatorContact, youOperate, children }: GeneralSettingsProps) {
  return (
    <main className="space-y-6">
      <div className="max-w-xl">
        <h1 className="text-2xl font-semibold tracking-tight">Workspace settings</h1>
        <p className="mt-1 text-sm text-slate-600">The workspace&apos;s name and address, its public portal, and what its plan allows.</p>
      </div>
      {canManage ? null : (
        <Alert tone="info">You are a {role.toLowerCase()}: you can see these settings, but only admins and owners can change them.</Alert>
      )}
      <NameAndSlug workspace={workspace} canManage={canManage} />
      <Portal workspace={workspace} canManage={canManage} />
      <PlanSection plan={workspace.plan} usage={usage} operatorContact={operatorContact} youOperate={youOperate ? { slug: workspace.slug } : undefined} />
      {children}
    </main>
  );
}

function NameAndSlug({ workspace, canManage }: Pick<GeneralSettingsProps, "workspace" | "canManage">) {
  const router = useRouter();
  const toast = useToast();
  const [name, setName] = useState(workspace.name);
  const [slug, setSlug] = useState(workspace.slug);
  const { errors, setErrors, pending, submit, formError: formErrorBeside } = useActionForm(
    "The server did not answer; nothing was saved. Try again.",
  );
  const changed = name !== workspace.name || slug !== workspace.slug;
  const formError = formErrorBeside(FIELDS);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || pending) return;
    const input = { ...(name !== workspace.name ? { name } : {}), ...(slug !== workspace.slug ? { slug } : {}) };
    await submit(
      () => updateWorkspaceAction(workspace.slug, input),
      (saved) => {
        setName(saved.name);
        setSlug(saved.slug);
        toast.success("Workspace settings saved.");
        if (saved.slug !== workspace.slug) router.replace(`/w/${saved.slug}/settings`);
      },
    );
  }

  return (
    <SettingsSection id="workspace-heading" title="Name and address" description="Shown across the dashboard and on the public portal.">
      <form onSubmit={onSubmit} noValidate aria-busy={pending} className="max-w-lg space-y-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <Field label="Name" name="name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} readOnly={!canManage || pending} maxLength={80} />
        <Field
          label="Slug"
          name="slug"
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          error={errors.slug}
          readOnly={!canManage || pending}
          autoComplete="off"
          spellCheck={false}
          hint={`Lowercase letters, digits and hyphens; 3–40 characters. Your portal lives at /p/${slug || "…"}; changing the slug breaks links to the old address.`}
        />
        {canManage ? (
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={!changed || pending} className="sm:min-w-32">
              {pending ? "Saving…" : "Save changes"}
            </Button>
            {changed && !pending ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setName(workspace.name);
                  setSlug(workspace.slug);
                  setErrors({});
                }}
              >
                Discard
              </Button>
            ) : null}
          </div>
        ) : null}
      </form>
    </SettingsSection>
  );
}

function Portal({ workspace, canManage }: Pick<GeneralSettingsProps, "workspace" | "canManage">) {
  const toast = useToast();
  const [published, setPublished] = useState(workspace.portalPublished);
  const [pending, setPending] = useState(false);

  async function toggle(next: boolean) {
    setPending(true);
    setPublished(next);
    try {
      const result = await updateWorkspaceAction(workspace.slug, { portalPublished: next });
      if (!result.ok) {
        setPublished(!next);
        toast.error(Object.values(result.fieldErrors)[0] ?? "The portal setting could not be changed.");
        return;
      }
      toast.success(next ? "The portal is published." : "The portal is no longer public.");
    } catch {
      setPublished(!next);
      toast.error("The server did not answer; the portal setting was not changed. Try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <SettingsSection id="portal-heading" title="Public portal" description="What visitors and public dashboards can read without an account or a key.">
      <Switch
        label="Publish the portal"
        checked={published}
        disabled={!canManage || pending}
        onChange={toggle}
        description={
          <>
            When on, anyone can read the public boards, roadmap, release notes and status at{" "}
            <span className="font-mono">/p/{workspace.slug}</span> and <span className="font-mono">/api/public/{workspace.slug}</span>.
          </>
        }
      />
    </SettingsSection>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function PlanSection({ plan, usage, operatorContact, youOperate }: { plan: Plan; usage: PlanUsage[]; operatorContact: OperatorContact; youOperate?: { slug: string } }) {
  return (
    <SettingsSection
      id="plan-heading"
      title={`${planName(plan)} plan`}
      description={
        PLANS[plan].limits === null
          ? `${planName(plan)} has no limits.`
          : "Creating past a limit is refused, in the dashboard and through the API alike."
      }
    >
      <table className="w-full text-sm" data-testid="plan-usage">
        <caption className="sr-only">Usage against the plan&apos;s limits</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="pb-2 font-medium">
              Resource
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Used
            </th>
            <th scope="col" className="hidden w-1/3 pb-2 pl-6 font-medium sm:table-cell">
              <span className="sr-only">Share of the limit</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {usage.map((row) => {
            const full = row.limit !== null && row.used >= row.limit;
            return (
              <tr key={row.resource}>
                <th scope="row" className="py-2 text-left font-normal text-slate-800">
                  {capitalize(RESOURCE_LABELS[row.resource])}
                </th>
                <td className={`py-2 text-right tabular-nums ${full ? "font-medium text-amber-700" : "text-slate-800"}`}>
                  {row.used.toLocaleString("en")} {row.limit === null ? "· no limit" : `of ${row.limit.toLocaleString("en")}`}
                </td>
                <td className="hidden py-2 pl-6 sm:table-cell">
                  {row.limit !== null ? (
                    <div className="h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                      <div className={`h-full rounded-full ${full ? "bg-amber-500" : "bg-indigo-600"}`} style={{ width: `${Math.min(100, (row.used / row.limit) * 100)}%` }} />
                    </div>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <UpgradeNote plan={plan} contact={operatorContact} youOperate={youOperate} />
      </div>
    </SettingsSection>
  );
}
