"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { useToast } from "@/components/ui/toast";
import type { ImportView } from "@/lib/domain/imports/view";
import { runImportAction, undoImportAction } from "@/lib/surfaces/actions/dashboard/migration";

const KIND_LABELS: Record<string, string> = {
  board: "Boards",
  roadmap_item: "Roadmap items",
  post: "Posts",
  vote: "Votes",
  comment: "Comments",
  release_note: "Release notes",
  status_component: "Status components",
  status_change: "Status history",
  incident: "Incidents",
  incident_update: "Incident updates",
  maintenance: "Maintenance windows",
  todo_list: "Todo lists",
  todo_item: "Todos",
  subscriber: "Subscribers",
};

const SOURCE_LABELS: Record<string, string> = { own: "Workspace export", canny: "Canny", statuspage: "Statuspage", fider: "Fider", csv: "CSV" };

const STATES: Record<ImportView["state"], { label: string; tone: BadgeTone }> = {
  previewing: { label: "Reading the source", tone: "indigo" },
  previewed: { label: "Ready to run", tone: "amber" },
  queued: { label: "Queued", tone: "indigo" },
  running: { label: "Running", tone: "indigo" },
  completed: { label: "Completed", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  undoing: { label: "Undoing", tone: "indigo" },
  undone: { label: "Undone", tone: "neutral" },
};

const BUSY = new Set<ImportView["state"]>(["previewing", "queued", "running", "undoing"]);

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
  // In the order things are imported, whatever order the stored counts came back in.
  const order = Object.keys(KIND_LABELS);
  const rows = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  if (rows.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-medium text-slate-900">{title}</h4>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-6 gap-y-0.5 text-sm">
        {rows.map(([kind, n]) => (
          <div key={kind} className="contents">
            <dt className="text-slate-600">{KIND_LABELS[kind] ?? kind}</dt>
            <dd className="text-right tabular-nums text-slate-900">{n.toLocaleString("en")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** One import: what its preview found, its progress while it runs (the page refreshes itself), and run or undo. */
export function ImportCard({ slug, run, canRun }: { slug: string; run: ImportView; canRun: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmUndo, setConfirmUndo] = useState(false);
  const busy = BUSY.has(run.state);

  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => router.refresh(), 1500);
    return () => clearInterval(timer);
  }, [busy, router]);

  async function start() {
    setPending(true);
    setError(null);
    try {
      const result = await runImportAction(slug, run.id);
      if (!result.ok) setError(Object.values(result.fieldErrors)[0] ?? "The import could not start.");
      else router.refresh();
    } catch {
      setError("The server did not answer; the import did not start. Try again.");
    } finally {
      setPending(false);
    }
  }

  async function undo(): Promise<string | null> {
    const result = await undoImportAction(slug, run.id);
    if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "The import could not be undone.";
    setConfirmUndo(false);
    toast.success("Undoing the import: its rows are being deleted.");
    router.refresh();
    return null;
  }

  const state = STATES[run.state];
  const preview = run.preview;
  const percent = run.progress.total > 0 ? Math.min(100, Math.round((run.progress.done / run.progress.total) * 100)) : 0;
  const skipped = run.state === "completed" ? run.progress.skipped : (preview?.skip ?? {});
  return (
    <article className="space-y-4 rounded-lg border border-slate-200 p-4" data-testid="import-card" aria-labelledby={`import-${run.id}`}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`import-${run.id}`} className="font-medium text-slate-900">
          {SOURCE_LABELS[run.source] ?? run.source} <span className="font-normal text-slate-500">· started <LocalTime value={run.createdAt} /></span>
        </h3>
        <Badge tone={state.tone}>{state.label}</Badge>
      </header>
      {run.error ? <Alert tone={run.state === "failed" ? "error" : "info"}>{run.error}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      {run.state === "running" || run.state === "queued" ? (
        <div>
          <div
            role="progressbar"
            aria-label="Import progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-slate-100"
            data-testid="import-progress"
          >
            <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {run.progress.done.toLocaleString("en")} of {run.progress.total.toLocaleString("en")} rows
          </p>
        </div>
      ) : null}
      {run.state === "previewing" ? <p className="text-sm text-slate-600">Reading the source to see what it holds…</p> : null}
      {run.state === "undoing" ? <p className="text-sm text-slate-600">Deleting what this import created…</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {run.state === "completed" || run.state === "undoing" || run.state === "undone" ? <Counts title="Created" counts={run.progress.created} /> : preview ? <Counts title="Will be created" counts={preview.create} /> : null}
        {Object.keys(skipped).length > 0 ? (
          <div>
            <h4 className="text-sm font-medium text-slate-900">Skipped</h4>
            <ul className="mt-1 space-y-0.5 text-sm text-slate-600">
              {Object.entries(skipped).map(([reason, n]) => (
                <li key={reason}>
                  {n.toLocaleString("en")} × {reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {preview && run.state === "previewed" ? (
        <p className="text-sm text-slate-600">
          {preview.people.total.toLocaleString("en")} people: {preview.people.matched.toLocaleString("en")} match accounts by verified address; the others keep their name and can claim
          their votes and comments by proving their address (signing up with it, a password reset link, or signing in with a provider that verified it).
        </p>
      ) : null}
      {preview && preview.overLimit.length > 0 && run.state === "previewed" ? (
        <Alert>
          Over the plan&apos;s limits:{" "}
          {preview.overLimit.map((over) => `${over.adding.toLocaleString("en")} ${KIND_LABELS[over.resource] ?? over.resource} on top of ${over.used} (limit ${over.limit})`).join("; ")}. Upgrade the plan or
          import less.
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {run.state === "previewed" ? (
          <Button onClick={start} disabled={pending || !canRun || (preview?.overLimit.length ?? 0) > 0}>
            {pending ? "Starting…" : "Run import"}
          </Button>
        ) : null}
        {run.state === "completed" && run.undoableUntil && new Date(run.undoableUntil) > new Date() ? (
          <Button variant="secondary" onClick={() => setConfirmUndo(true)}>
            Undo import
          </Button>
        ) : null}
      </div>
      {run.undoableUntil && run.state === "completed" ? (
        <p className="text-sm text-slate-500">
          Can be undone until <LocalTime value={run.undoableUntil} />.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirmUndo}
        title="Undo this import?"
        confirmLabel="Undo import"
        pendingLabel="Undoing…"
        onConfirm={undo}
        onCancel={() => setConfirmUndo(false)}
        testId="undo-import-dialog"
      >
        Everything this import created is deleted, with any change made to it since. What was in the workspace before stays.
      </ConfirmDialog>
    </article>
  );
}
