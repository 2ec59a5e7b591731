import type { HostMetadata } from "@/lib/domain/posts/host-metadata";

/**
 * What the host page said about where an idea from the widget was written, for the team. Values
 * are the host's words, shown as text (the page address is a link only when it is http or https,
 * which the server already checked).
 */
export function HostMetadataCard({ metadata }: { metadata: HostMetadata }) {
  const rows: [string, React.ReactNode][] = [];
  if (metadata.pageUrl) {
    rows.push([
      "Page",
      <a key="page" href={metadata.pageUrl} rel="noopener noreferrer" target="_blank" className="break-all text-indigo-700 underline">
        {metadata.pageUrl}
      </a>,
    ]);
  }
  if (metadata.appVersion) rows.push(["App version", metadata.appVersion]);
  if (metadata.plan) rows.push(["Plan", metadata.plan]);
  for (const [key, value] of Object.entries(metadata.extra ?? {})) rows.push([key, String(value)]);
  return (
    <section aria-labelledby="host-metadata-heading" className="rounded-xl border border-slate-200 bg-white p-4" data-testid="host-metadata">
      <h2 id="host-metadata-heading" className="text-sm font-medium text-slate-900">
        Sent from the widget
      </h2>
      <dl className="mt-2 space-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2">
            <dt className="text-slate-500">{label}</dt>
            <dd className="min-w-0 text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
