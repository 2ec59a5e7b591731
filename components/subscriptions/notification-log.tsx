import { Badge, type BadgeTone } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";

type Status = "QUEUED" | "SENT" | "FAILED" | "SUPPRESSED";
const TONE: Record<Status, BadgeTone> = { QUEUED: "neutral", SENT: "green", FAILED: "red", SUPPRESSED: "amber" };
const LABEL: Record<Status, string> = { QUEUED: "queued", SENT: "sent", FAILED: "failed", SUPPRESSED: "suppressed" };

export interface NotificationLogView {
  counts: Record<Status, number>;
  rows: { id: string; recipient: string; status: Status; reason: string | null; updatedAt: string }[];
  limit: number;
}

/** Who was mailed about this incident or note, and how it went. */
export function NotificationLog({ log }: { log: NotificationLogView }) {
  const total = Object.values(log.counts).reduce((sum, count) => sum + count, 0);
  return (
    <section aria-labelledby="notification-log-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="notification-log">
      <h2 id="notification-log-heading" className="font-medium text-slate-900">
        Notifications
      </h2>
      {total === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No subscriber has been notified about this yet.</p>
      ) : (
        <>
          <p className="mt-2 flex flex-wrap gap-2 text-sm">
            {(Object.keys(LABEL) as Status[]).map((status) => (
              <Badge key={status} tone={TONE[status]}>
                {log.counts[status]} {LABEL[status]}
              </Badge>
            ))}
          </p>
          <ul className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto text-sm">
            {log.rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-all text-slate-900">{row.recipient}</span>
                <span className="flex items-center gap-2 text-xs text-slate-500">
                  <Badge tone={TONE[row.status]}>{LABEL[row.status]}</Badge>
                  <LocalTime value={row.updatedAt} />
                </span>
                {row.reason ? <span className="w-full text-xs text-slate-500">{row.reason}</span> : null}
              </li>
            ))}
          </ul>
          {total > log.limit ? <p className="mt-2 text-xs text-slate-500">The latest {log.limit} of {total}.</p> : null}
        </>
      )}
    </section>
  );
}
