"use client";

import Link from "next/link";
import { useDashboardViewer } from "./use-dashboard-viewer";

/** The link to the operator's pages, for an operator only; `operator` null: asked for once the page loads. */
export function OperatorLink({ operator: given }: { operator: boolean | null }) {
  const operator = useDashboardViewer(given, (viewer) => viewer.operator);
  if (!operator) return null;
  return (
    <Link href="/operator" className="rounded-md px-2 py-1.5 font-medium text-slate-700 hover:bg-slate-100">
      Operator
    </Link>
  );
}
