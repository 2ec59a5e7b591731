// Shown under the settings navigation while a settings page renders on the server.
export default function SettingsLoading() {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-6">
      <span className="sr-only">Loading settings…</span>
      <div className="space-y-2">
        <div className="h-7 w-48 rounded bg-slate-200" />
        <div className="h-4 w-full max-w-md rounded bg-slate-200" />
      </div>
      <div className="h-24 rounded-xl border border-slate-200 bg-white" />
      <div className="space-y-px overflow-hidden rounded-xl border border-slate-200 bg-white">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-4 p-5">
            <div className="size-9 rounded-full bg-slate-200" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-40 rounded bg-slate-200" />
              <div className="h-3 w-64 max-w-full rounded bg-slate-100" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
