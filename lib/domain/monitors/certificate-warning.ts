import type { ScopedTx } from "@/lib/platform/db/scoped";
import type { Monitor } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import { monitorEventView } from "./monitor-view";

// An HTTPS monitor tells the admins (through `certificate.expiring`: by mail, ./certificate-mail.ts,
// and to their webhooks, Slack and Discord) 14 days and again 3 days before its certificate runs
// out, once each per certificate.

export const WARNING_DAYS = [14, 3] as const;
const DAY_MS = 86_400_000;

/** The warning due now (14 or 3), or null when none is, given what was already said. */
export function certificateWarning(monitor: Pick<Monitor, "certificateExpiresAt" | "certificateWarnedDays">, expiresAt: Date, now: Date): number | null {
  const daysLeft = (expiresAt.getTime() - now.getTime()) / DAY_MS;
  // A renewed certificate starts the count again.
  const sameCertificate = monitor.certificateExpiresAt && new Date(monitor.certificateExpiresAt).getTime() === expiresAt.getTime();
  const warned = sameCertificate ? monitor.certificateWarnedDays : null;
  const due = WARNING_DAYS.filter((days) => daysLeft <= days).at(-1);
  if (due === undefined) return sameCertificate || monitor.certificateWarnedDays === null ? null : -1;
  return warned !== null && warned !== undefined && warned <= due ? null : due;
}

export async function recordCertificateWarning(tx: ScopedTx, monitor: Monitor, warning: number, expiresAt: Date) {
  // -1: a renewed certificate far from expiry; only the memory of the last warning is cleared.
  await tx.monitor.updateMany({ where: { id: monitor.id }, data: { certificateWarnedDays: warning === -1 ? null : warning } });
  if (warning === -1) return;
  const daysLeft = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / DAY_MS));
  await recordEvent(tx, { workspaceId: monitor.workspaceId, type: "certificate.expiring", data: { monitor: monitorEventView(monitor), expiresAt: expiresAt.toISOString(), daysLeft } });
}
