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

/**
 * `label` is the status in the page's language (the portal's); the dashboard shows the English one.
 * The chip's shape is the `post-status` class (app/globals.css): lists show it on every row.
 */
export function PostStatus({ status, label, className }: { status: Status; label?: string; className?: string }) {
  return (
    <span className={`post-status ${TONES[status]}${className ? ` ${className}` : ""}`}>
      {label ?? humanize(status)}
    </span>
  );
}
