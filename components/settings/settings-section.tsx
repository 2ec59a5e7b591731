/** One titled card of a settings page. */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id={id} className="font-medium text-slate-900">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      </div>
      <div className="px-4 py-5 sm:px-6">{children}</div>
    </section>
  );
}
