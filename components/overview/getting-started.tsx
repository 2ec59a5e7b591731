import Link from "next/link";
import type { WorkspaceOverview } from "@/lib/domain/workspaces/get-workspace-overview";

type Step = keyof WorkspaceOverview["checklist"];

const STEPS: { step: Step; title: string; description: string; href: (slug: string) => string; action: string }[] = [
  { step: "board", title: "Create a board", description: "Somewhere for feedback to land.", href: (slug) => `/w/${slug}/boards`, action: "Create a board" },
  {
    step: "portal",
    title: "Publish the portal",
    description: "Let users read your boards, roadmap, changelog and status.",
    href: (slug) => `/w/${slug}/settings#portal-heading`,
    action: "Open portal settings",
  },
  { step: "apiKey", title: "Create an API key", description: "Connect your own tools through /api/v1.", href: (slug) => `/w/${slug}/settings/api-keys`, action: "Create a key" },
  { step: "teammate", title: "Invite a teammate", description: "Work on it together.", href: (slug) => `/w/${slug}/settings/members`, action: "Invite someone" },
];

/**
 * The first steps of a new workspace, each ticked from the data (a board exists, the portal is
 * published, an active key exists, someone else is a member or invited). Gone once all are done.
 * The steps are admin work: others see what is left without the links.
 */
export function GettingStarted({ slug, checklist, canManage }: { slug: string; checklist: WorkspaceOverview["checklist"]; canManage: boolean }) {
  const done = STEPS.filter(({ step }) => checklist[step]).length;
  return (
    <section aria-labelledby="getting-started-heading" className="rounded-xl border border-indigo-200 bg-white" data-testid="getting-started">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-4 py-4 sm:px-6">
        <div>
          <h2 id="getting-started-heading" className="font-semibold text-slate-900">
            Get started
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {canManage ? "Four steps to a workspace your users can see." : "An admin or owner sets these up."}
          </p>
        </div>
        <p className="text-sm font-medium text-slate-700" data-testid="getting-started-progress">
          {done} of {STEPS.length} done
        </p>
      </div>
      <ol className="divide-y divide-slate-100">
        {STEPS.map(({ step, title, description, href, action }) => {
          const ticked = checklist[step];
          return (
            <li key={step} className="flex items-start gap-3 px-4 py-3 sm:items-center sm:px-6" data-testid={`step-${step}`} data-done={ticked}>
              <StepMark done={ticked} />
              <div className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p className={`text-sm font-medium ${ticked ? "text-slate-500 line-through decoration-slate-400" : "text-slate-900"}`}>
                    <span className="sr-only">{ticked ? "Done: " : "To do: "}</span>
                    {title}
                  </p>
                  {ticked ? null : <p className="text-sm text-slate-600">{description}</p>}
                </div>
                {!ticked && canManage ? (
                  <Link href={href(slug)} className="-mx-2 shrink-0 rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
                    {action}
                    <span aria-hidden="true"> →</span>
                  </Link>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function StepMark({ done }: { done: boolean }) {
  return done ? (
    <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
      <svg viewBox="0 0 20 20" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="m4.5 10.5 3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  ) : (
    <span aria-hidden="true" className="size-6 shrink-0 rounded-full border-2 border-dashed border-slate-300" />
  );
}
