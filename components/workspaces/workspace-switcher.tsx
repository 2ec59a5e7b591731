"use client";

import { useRouter } from "next/navigation";
import { useId } from "react";

export function WorkspaceSwitcher({ current, workspaces }: { current: string; workspaces: { slug: string; name: string }[] }) {
  const router = useRouter();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Switch workspace
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => router.push(event.target.value === "__new" ? "/workspaces/new" : `/w/${event.target.value}`)}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium"
      >
        {workspaces.map((workspace) => (
          <option key={workspace.slug} value={workspace.slug}>
            {workspace.name}
          </option>
        ))}
        <option value="__new">+ New workspace…</option>
      </select>
    </div>
  );
}
