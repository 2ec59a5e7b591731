import type { NoteState } from "@/lib/domain/access/published-release-notes";

export const STATE_LABELS: Record<NoteState, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };
export const STATE_TONES: Record<NoteState, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-200",
  scheduled: "bg-amber-50 text-amber-800 ring-amber-200",
  published: "bg-emerald-50 text-emerald-800 ring-emerald-200",
};

export function NoteStateBadge({ state }: { state: NoteState }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATE_TONES[state]}`}>{STATE_LABELS[state]}</span>;
}
