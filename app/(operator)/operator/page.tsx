import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PlanChangeForm } from "@/components/operator/plan-change-form";
import { PlanComparison } from "@/components/plans/plan-comparison";
import { LocalTime } from "@/components/ui/local-time";
import { getSessionUser } from "@/lib/surfaces/auth/session";
import { DomainError } from "@/lib/platform/core/errors";
import { listOperatorWorkspaces, parseOperatorSearch } from "@/lib/domain/plans/list-operator-workspaces";
import { PLAN_IDS, planName } from "@/lib/domain/plans/limits";

export const metadata: Metadata = { title: "Operator · Workspaces" };

export default async function OperatorPage({ searchParams }: { searchParams: Promise<{ q?: string | string[]; plan?: string | string[] }> }) {
  const search = parseOperatorSearch(await searchParams);
  const user = await getSessionUser();
  const list = await listOperatorWorkspaces(user, search).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const filtered = search.q !== "" || search.plan !== null;

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Workspaces on this instance</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          You see this page because your address is in <code className="font-mono text-[0.8rem]">OPERATOR_EMAILS</code>. Changing a plan takes effect
          at once, in the dashboard and the API; a downgrade deletes nothing, but creating more of anything over the new limits is refused until the
          workspace is under them. From a shell: <code className="font-mono text-[0.8rem]">npm run plan:set -- &lt;slug&gt; &lt;plan&gt;</code>.
        </p>
      </div>

      <PlanComparison />

      <form method="get" role="search" aria-label="Workspaces" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="operator-q" className="block text-sm font-medium text-slate-700">
            Search
          </label>
          <input
            id="operator-q"
            name="q"
            type="search"
            defaultValue={search.q}
            maxLength={100}
            placeholder="Name, slug or owner's email"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor="operator-plan" className="block text-sm font-medium text-slate-700">
            Plan
          </label>
          <select
            id="operator-plan"
            name="plan"
            defaultValue={search.plan ?? ""}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white py-2 pr-8 pl-3 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none sm:w-36"
          >
            <option value="">All plans</option>
            {PLAN_IDS.map((plan) => (
              <option key={plan} value={plan.toLowerCase()}>
                {planName(plan)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
            Search
          </button>
          {filtered ? (
            <Link href="/operator" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              Clear
            </Link>
          ) : null}
        </div>
      </form>

      <p className="text-sm text-slate-600" data-testid="operator-count" aria-live="polite">
        {list.total === 0
          ? filtered
            ? "No workspace matches."
            : "No workspaces yet."
          : list.total > list.rows.length
            ? `Showing the first ${list.rows.length} of ${list.total} workspaces, by name. Search to narrow it down.`
            : `${list.total} ${list.total === 1 ? "workspace" : "workspaces"}${filtered ? " match" : ""}.`}
      </p>

      {list.rows.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Workspaces">
          {list.rows.map((row) => (
            <li key={row.id} className="grid gap-3 px-4 py-4 sm:px-5 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,2.5fr)_minmax(0,1.3fr)_auto] lg:items-center" data-testid={`operator-row-${row.slug}`}>
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{row.name}</p>
                <p className="truncate font-mono text-xs text-slate-500">{row.slug}</p>
              </div>
              <div className="min-w-0 text-sm text-slate-600">
                <p className="truncate" title={row.owners.join(", ")}>
                  <span className="text-slate-500">Owner{row.owners.length === 1 ? "" : "s"}: </span>
                  {row.owners.length ? row.owners.join(", ") : "none"}
                </p>
                <p className="text-xs text-slate-500 tabular-nums">
                  {row.counts.members} {row.counts.members === 1 ? "member" : "members"} · {row.counts.boards} {row.counts.boards === 1 ? "board" : "boards"} ·{" "}
                  {row.counts.posts.toLocaleString("en")} {row.counts.posts === 1 ? "post" : "posts"}
                </p>
              </div>
              <p className="text-xs text-slate-500">
                {row.lastPlanChange ? (
                  <>
                    Plan last changed by {row.lastPlanChange.changedBy}, <LocalTime value={row.lastPlanChange.at} />
                  </>
                ) : (
                  "Plan never changed"
                )}
              </p>
              <PlanChangeForm workspace={{ slug: row.slug, name: row.name, plan: row.plan }} />
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
