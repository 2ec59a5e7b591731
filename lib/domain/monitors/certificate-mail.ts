import { db } from "@/lib/platform/db/client";
import { absoluteUrl } from "@/lib/platform/config/site-url";
import type { EventConsumer, StoredEvent } from "@/lib/platform/events/types";
import { certificateExpiringMail } from "@/lib/platform/mail/templates/certificate-expiring";
import { queueNotifications } from "@/lib/domain/notifications/queue-notifications";

// The admins and owners of a workspace hear of a certificate about to expire by mail, beside the
// `certificate.expiring` webhook: the people who can renew it are not always the ones reading a
// chat channel. One mail per admin per warning (keyed on the event), whoever joined since included.

export async function mailCertificateWarning(event: StoredEvent): Promise<number> {
  const monitorId = String((event.data.monitor as { id?: unknown } | undefined)?.id ?? "");
  const expiresAt = new Date(String(event.data.expiresAt ?? ""));
  const daysLeft = Number(event.data.daysLeft);
  if (!monitorId || Number.isNaN(expiresAt.getTime()) || !Number.isFinite(daysLeft)) return 0;
  const [workspace, monitor, admins] = await Promise.all([
    db.workspace.findUnique({ where: { id: event.workspaceId }, select: { name: true, slug: true } }),
    db.monitor.findFirst({ where: { id: monitorId, workspaceId: event.workspaceId }, select: { id: true, name: true, url: true } }),
    db.membership.findMany({ where: { workspaceId: event.workspaceId, role: { in: ["ADMIN", "OWNER"] } }, select: { user: { select: { email: true } } } }),
  ]);
  // A monitor deleted since the warning: nothing left to renew a certificate for.
  if (!workspace || !monitor) return 0;
  const content = certificateExpiringMail({
    workspaceName: workspace.name,
    monitorName: monitor.name,
    url: monitor.url ?? "",
    expiresAt,
    daysLeft,
    link: absoluteUrl(`/w/${encodeURIComponent(workspace.slug)}/status/monitors/${monitor.id}`).toString(),
  });
  return queueNotifications({
    workspaceId: event.workspaceId,
    kind: "MONITOR",
    subjectType: "monitor",
    subjectId: monitor.id,
    eventId: event.id,
    recipients: admins.map(({ user }) => ({ recipient: user.email, content })),
  });
}

export const certificateMailConsumer: EventConsumer = {
  name: "monitors.certificate-mail",
  types: ["certificate.expiring"],
  async handle(event) {
    await mailCertificateWarning(event);
  },
};
