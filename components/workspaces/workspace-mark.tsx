// A workspace's initial on a colour picked from its name, so workspaces tell apart at a glance in
// the switcher. Decorative: the name is always written beside it. Every colour keeps white text
// above 4.5:1.
const COLOURS = ["bg-indigo-600", "bg-emerald-700", "bg-sky-700", "bg-rose-600", "bg-amber-700", "bg-violet-600", "bg-teal-700", "bg-slate-700"];

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

export function WorkspaceMark({ name }: { name: string }) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? "?";
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-md font-semibold text-white size-7 text-sm ${colourOf(name)}`}
    >
      {initial}
    </span>
  );
}
