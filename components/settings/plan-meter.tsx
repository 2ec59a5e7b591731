import type { Plan } from "@/lib/generated/prisma/enums";
import { planName as nameOf } from "@/lib/domain/plans/limits";

/** "3 of 5 active API keys" with a bar; a plan without a limit reads "3 · no limit on Pro". */
export function PlanMeter({ used, limit, plan, label, testId }: { used: number; limit: number | null; plan: Plan; label: string; testId?: string }) {
  const planName = nameOf(plan);
  if (limit === null) {
    return (
      <p className="text-sm text-slate-600" data-testid={testId}>
        <span className="font-medium text-slate-900 tabular-nums">{used}</span> {label} · no limit on the {planName} plan
      </p>
    );
  }
  const ratio = Math.min(1, used / limit);
  const full = used >= limit;
  return (
    <div className="w-full max-w-xs" data-testid={testId}>
      <p className="flex justify-between gap-2 text-sm text-slate-600">
        <span>
          <span className={`font-medium tabular-nums ${full ? "text-amber-700" : "text-slate-900"}`}>
            {used} of {limit}
          </span>{" "}
          {label}
        </span>
        <span className="text-slate-500">{planName} plan</span>
      </p>
      <div
        role="meter"
        aria-label={`${label} used`}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
        aria-valuetext={`${used} of ${limit}`}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${full ? "bg-amber-500" : "bg-indigo-600"}`} style={{ width: `${ratio * 100}%` }} />
      </div>
    </div>
  );
}
