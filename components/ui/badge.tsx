const TONES = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  indigo: "bg-indigo-50 text-indigo-800 ring-indigo-200",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = "neutral", children, className = "", mono = false }: { tone?: BadgeTone; children: React.ReactNode; className?: string; mono?: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${mono ? "font-mono" : ""} ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
