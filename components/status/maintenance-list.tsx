"use client";

import { useState } from "react";
import { LocalTime } from "@/components/ui/local-time";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { MaintenanceView } from "@/lib/domain/status/maintenance-schedule";
import { firstError } from "@/components/ui/first-error";
import { cancelMaintenanceAction, endMaintenanceAction } from "@/lib/surfaces/actions/dashboard/status";

type MaintenanceListProps = {
  slug: string;
  maintenances: MaintenanceView[];
  canManage: boolean;
};

/** Windows running now and ahead. A running one can end early; an upcoming one can be called off. */
export function MaintenanceList({ slug, maintenances, canManage }: MaintenanceListProps) {
  const toast = useToast();
  const [confirming, setConfirming] = useState<MaintenanceView | null>(null);
  const running = confirming?.state === "in_progress";

  async function confirm(): Promise<string | null> {
    if (!confirming) return null;
    const result = running ? await endMaintenanceAction(slug, confirming.id) : await cancelMaintenanceAction(slug, confirming.id);
    if (!result.ok) return firstError(result.fieldErrors, "The window could not be changed.");
    toast.success(running ? `“${confirming.title}” has ended.` : `“${confirming.title}” is cancelled.`);
    setConfirming(null);
    return null;
  }

  return (
    <section aria-labelledby="maintenance-heading" className="space-y-3">
      <h2 id="maintenance-heading" className="font-medium text-slate-900">
        Scheduled maintenance
      </h2>
      <ul className="space-y-3">
        {maintenances.map((window) => (
          <li
            key={window.id}
            className={`rounded-xl border p-4 sm:p-5 ${window.state === "in_progress" ? "border-sky-300 bg-sky-50" : "border-slate-200 bg-white"}`}
            data-testid="dashboard-maintenance"
            data-state={window.state}
          >
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{window.title}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${window.state === "in_progress" ? "bg-sky-600 text-white" : "bg-sky-100 text-sky-800"}`}>
                    {window.state === "in_progress" ? "In progress" : "Upcoming"}
                  </span>
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  <LocalTime value={window.startsAt} /> – <LocalTime value={window.endsAt} />
                </p>
                <p className="mt-0.5 text-sm text-slate-600">
                  {window.components.length ? `Affects ${window.components.map((component) => component.name).join(", ")}` : "Its components were deleted"}
                </p>
                {window.message ? <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{window.message}</p> : null}
              </div>
              {canManage ? (
                <Button variant="secondary" className="shrink-0 self-start" onClick={() => setConfirming(window)}>
                  {window.state === "in_progress" ? "End now" : "Cancel window"}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={running ? `End “${confirming?.title}” now?` : `Cancel “${confirming?.title}”?`}
        confirmLabel={running ? "End maintenance" : "Cancel window"}
        pendingLabel={running ? "Ending…" : "Cancelling…"}
        tone={running ? "primary" : "danger"}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
        testId="maintenance-confirm-dialog"
      >
        <p>
          {running
            ? "Its components stop reading “under maintenance” at once; the window stays in the uptime history as it ran."
            : "It disappears from the status page and nobody will see it announced. This cannot be undone."}
        </p>
      </ConfirmDialog>
    </section>
  );
}
