"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { Plan } from "@/lib/generated/prisma/enums";
import { PLAN_IDS, planName } from "@/lib/domain/plans/limits";
import { changePlanAction } from "@/lib/surfaces/actions/operator/plans";
import { describePlanChange } from "./plan-change-summary";

type PlanChangeFormProps = {
  workspace: { slug: string; name: string; plan: Plan };
};

/**
 * One workspace's plan on the operator page: pick another and apply. Reversible and nothing is
 * deleted on a downgrade, so it asks no confirmation; the toast says what is now over a limit.
 */
export function PlanChangeForm({ workspace }: PlanChangeFormProps) {
  const toast = useToast();
  const [plan, setPlan] = useState<Plan>(workspace.plan);
  const [pending, setPending] = useState(false);
  const selectId = `plan-${workspace.slug}`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || plan === workspace.plan) return;
    setPending(true);
    try {
      const result = await changePlanAction(workspace.slug, plan);
      if (result.ok) toast.success(describePlanChange(result.data));
      else toast.error(Object.values(result.fieldErrors)[0] ?? "The plan could not be changed.");
    } catch {
      toast.error("The server did not answer; the plan was not changed. Try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-busy={pending} className="flex items-center gap-2" data-testid={`plan-form-${workspace.slug}`}>
      <label htmlFor={selectId} className="sr-only">
        Plan for {workspace.name}
      </label>
      <select
        id={selectId}
        value={plan}
        disabled={pending}
        onChange={(event) => setPlan(event.target.value as Plan)}
        className="rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-2.5 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none disabled:bg-slate-50"
      >
        {PLAN_IDS.map((id) => (
          <option key={id} value={id}>
            {planName(id)}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" disabled={pending || plan === workspace.plan}>
        {pending ? "Changing…" : "Change"}
        <span className="sr-only"> the plan of {workspace.name}</span>
      </Button>
    </form>
  );
}
