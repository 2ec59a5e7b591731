import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";

type Row = { id: string; kind: string; recipient: string; status: string; reason: string | null; createdAt: Date };

const TONES = { SENT: "green", FAILED: "red", SUPPRESSED: "neutral", QUEUED: "neutral" } as const;
const KINDS: Record<string, string> = { POST_STATUS: "Status change", POST_REPLY: "Team reply" };

/** Which notification mails went out about a post, for its admins. */
export function PostNotificationsLog({ rows, total }: { rows: Row[]; total: number }) {
  return (
    <section aria-labelledby="notifications-heading" className="rounded-xl border border-slate-200 bg-white p-4" data-testid="post-notifications">
      <h2 id="notifications-heading" className="text-sm font-medium text-slate-900">
        Notifications
      </h2>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">No mail about this post yet. Voters, commenters and the author are mailed when its status changes or the team replies.</p>
      ) : (
        <ul className="mt-2 max-h-80 space-y-2 overflow-y-auto text-sm">
          {rows.map((row) => (
            <li key={row.id} className="space-y-0.5">
              <div className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 truncate text-slate-800" title={row.recipient}>
                  {row.recipient}
                </span>
                <Badge tone={TONES[row.status as keyof typeof TONES] ?? "neutral"}>{row.status.toLowerCase()}</Badge>
              </div>
              <p className="text-xs text-slate-500">
                {KINDS[row.kind] ?? row.kind} · <LocalTime value={row.createdAt} />
                {row.reason ? <span> · {row.reason}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      {total > rows.length ? <p className="mt-2 text-xs text-slate-500">The latest {rows.length} of {total}.</p> : null}
    </section>
  );
}
