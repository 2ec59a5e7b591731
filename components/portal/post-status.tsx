import type { PostStatus as Status } from "@/lib/generated/prisma/enums";
import { humanize } from "./format";

const TONES: Record<Status, string> = {
  open: "bg-slate-100 text-slate-700 ring-slate-200",
  under_review: "bg-amber-50 text-amber-800 ring-amber-200",
  planned: "bg-sky-50 text-sky-800 ring-sky-200",
  in_progress: "bg-violet-50 text-violet-800 ring-violet-200",
  completed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  closed: "bg-slate-100 text-slate-500 ring-slate-200",
};

/** `label` is the status in the page's language (the portal's); the dashboard shows the English one. */
export function PostStatus({ status, label }: { status: Status; label?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status]}`}>
      {label ?? humanize(status)}
    </span>
  );
}
