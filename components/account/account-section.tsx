/** One card of the account page: a heading, a line on what it is for, and its form. */
export function AccountSection({
  id,
  title,
  description,
  tone = "default",
  children,
}: {
  id: string;
  title: string;
  description: React.ReactNode;
  tone?: "default" | "danger";
  children: React.ReactNode;
}) {
  const danger = tone === "danger";
  return (
    <section aria-labelledby={id} className={`rounded-xl border bg-white ${danger ? "border-red-200" : "border-slate-200"}`}>
      <div className={`border-b px-4 py-4 sm:px-6 ${danger ? "border-red-100" : "border-slate-200"}`}>
        <h2 id={id} className={`font-medium ${danger ? "text-red-800" : "text-slate-900"}`}>
          {title}
        </h2>
        <div className="mt-0.5 text-sm text-slate-600">{description}</div>
      </div>
      <div className="px-4 py-5 sm:px-6">{children}</div>
    </section>
  );
}
