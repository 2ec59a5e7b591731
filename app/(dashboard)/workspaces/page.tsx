import type { Metadata } from "next";
import Link from "next/link";
import { requireSessionUser } from "@/lib/auth/session";
import { listUserWorkspaces } from "@/lib/workspaces/list-user-workspaces";

export const metadata: Metadata = { title: "Your workspaces" };

export default async function WorkspacesPage() {
  const user = await requireSessionUser("/workspaces");
  const workspaces = await listUserWorkspaces(user.id);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Your workspaces</h1>
        <Link href="/workspaces/new" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
          New workspace
        </Link>
      </div>
      {workspaces.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="font-medium">You have no workspaces yet.</p>
          <p className="mt-1 text-sm text-slate-600">Create one to collect feedback, publish a changelog and run a status page.</p>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Workspaces">
          {workspaces.map((workspace) => (
            <li key={workspace.id}>
              <Link href={`/w/${workspace.slug}`} className="flex items-center justify-between px-5 py-4 hover:bg-slate-50">
                <span>
                  <span className="block font-medium">{workspace.name}</span>
                  <span className="block text-sm text-slate-500">{workspace.slug}</span>
                </span>
                <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{workspace.role.toLowerCase()}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
