"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { Role } from "@/lib/generated/prisma/enums";
import type { StatusDashboard } from "@/lib/domain/status/get-status-dashboard";
import { INDICATOR_LABELS } from "@/lib/domain/status/overall-indicator";
import { ComponentList } from "./component-list";
import { IncidentRows } from "./incident-rows";
import { MaintenanceDialog } from "./maintenance-dialog";
import { MaintenanceList } from "./maintenance-list";
import { OpenIncidentDialog } from "./open-incident-dialog";

const INDICATOR_DOTS = {
  operational: "bg-emerald-500",
  degraded: "bg-amber-500",
  partial_outage: "bg-orange-500",
  major_outage: "bg-red-600",
  maintenance: "bg-sky-500",
} as const;

type StatusOverviewProps = {
  slug: string;
  role: Role;
  canManage: boolean;
  portalPublished: boolean;
  dashboard: StatusDashboard;
  componentLimitMessage: string | null;
  usage: React.ReactNode;
};

export function StatusOverview({ slug, role, canManage, portalPublished, dashboard, componentLimitMessage, usage }: StatusOverviewProps) {
  const router = useRouter();
  const toast = useToast();
  const [opening, setOpening] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const { indicator, components, activeIncidents, resolvedIncidents, maintenances } = dashboard;

  return (
    <main className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="max-w-xl">
          <h1 className="text-2xl font-semibold tracking-tight">Status</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1.5 font-medium text-slate-900" data-testid="dashboard-indicator" data-indicator={indicator}>
              <span aria-hidden="true" className={`size-2 rounded-full ${INDICATOR_DOTS[indicator]}`} />
              {INDICATOR_LABELS[indicator]}
            </span>
            <span aria-hidden="true">·</span>
            {portalPublished ? (
              <Link href={`/p/${slug}/status`} className="text-indigo-700 underline underline-offset-2 hover:text-indigo-600">
                View the public status page
              </Link>
            ) : (
              <span>
                The portal is not published;{" "}
                <Link href={`/w/${slug}/settings`} className="text-indigo-700 underline underline-offset-2">
                  publish it
                </Link>{" "}
                to show this page.
              </span>
            )}
          </p>
        </div>
        {canManage ? (
          <div className="flex shrink-0 flex-col-reverse gap-2 sm:flex-row">
            <Button variant="secondary" onClick={() => setScheduling(true)}>
              Schedule maintenance
            </Button>
            <Button onClick={() => setOpening(true)}>Open incident</Button>
          </div>
        ) : null}
      </div>

      {canManage ? null : (
        <Alert tone="info">You are a {role.toLowerCase()}: you can follow the status page here, but only admins and owners can change it.</Alert>
      )}

      <section aria-labelledby="active-heading" className="space-y-3">
        <h2 id="active-heading" className="font-medium text-slate-900">
          Active incidents
        </h2>
        {activeIncidents.length ? (
          <IncidentRows slug={slug} incidents={activeIncidents} testId="active-incidents" />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-4 text-sm text-slate-600">No active incidents.</p>
        )}
      </section>

      {maintenances.length ? <MaintenanceList slug={slug} maintenances={maintenances} canManage={canManage} /> : null}

      <ComponentList slug={slug} components={components} canManage={canManage} limitMessage={componentLimitMessage} usage={usage} />

      {resolvedIncidents.length ? (
        <section aria-labelledby="resolved-heading" className="space-y-3">
          <h2 id="resolved-heading" className="font-medium text-slate-900">
            Recently resolved
          </h2>
          <IncidentRows slug={slug} incidents={resolvedIncidents} testId="resolved-incidents" />
        </section>
      ) : null}

      {canManage ? (
        <>
          <OpenIncidentDialog
            open={opening}
            onClose={() => setOpening(false)}
            slug={slug}
            components={components.map(({ id, name, storedStatus }) => ({ id, name, status: storedStatus }))}
            onOpened={(incident) => {
              setOpening(false);
              toast.success(`“${incident.title}” is open and on the status page.`);
              router.push(`/w/${slug}/status/incidents/${incident.id}`);
            }}
          />
          <MaintenanceDialog
            open={scheduling}
            onClose={() => setScheduling(false)}
            slug={slug}
            components={components}
            onScheduled={(window) => {
              setScheduling(false);
              toast.success(window.state === "in_progress" ? `“${window.title}” has started.` : `“${window.title}” is scheduled and announced.`);
            }}
          />
        </>
      ) : null}
    </main>
  );
}
