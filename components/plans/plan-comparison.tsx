import type { Plan } from "@/lib/generated/prisma/enums";
import { LIMITED_RESOURCES, PLAN_IDS, planLimit, planName, RESOURCE_LABELS } from "@/lib/domain/plans/limits";

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every plan side by side, with each limit from the plans table; `current` is highlighted. */
export function PlanComparison({ current, caption = "What each plan allows" }: { current?: Plan; caption?: string }) {
  return (
    <div className="max-w-3xl overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-sm" data-testid="plan-comparison">
        <caption className="px-4 pt-3 pb-1 text-left text-sm font-medium text-slate-900 sm:px-5">{caption}</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="px-4 py-2 font-medium sm:px-5">
              Resource
            </th>
            {PLAN_IDS.map((plan) => (
              <th key={plan} scope="col" className={`px-4 py-2 text-right font-medium sm:px-5 ${plan === current ? "text-indigo-700" : ""}`}>
                {planName(plan)}
                {plan === current ? " (current)" : ""}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {LIMITED_RESOURCES.map((resource) => (
            <tr key={resource}>
              <th scope="row" className="px-4 py-2 text-left font-normal text-slate-800 sm:px-5">
                {capitalize(RESOURCE_LABELS[resource])}
              </th>
              {PLAN_IDS.map((plan) => {
                const limit = planLimit(plan, resource);
                return (
                  <td key={plan} className={`px-4 py-2 text-right tabular-nums sm:px-5 ${plan === current ? "font-medium text-slate-900" : "text-slate-700"}`}>
                    {limit === null ? "No limit" : limit.toLocaleString("en")}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
