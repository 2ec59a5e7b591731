import type { Metadata } from "next";
import { requireSessionUser } from "@/lib/surfaces/auth/session";
import { CreateWorkspaceForm } from "@/components/workspaces/create-workspace-form";

export const metadata: Metadata = { title: "New workspace" };

export default async function NewWorkspacePage() {
  await requireSessionUser("/workspaces/new");
  return (
    <main className="mx-auto max-w-lg px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Create a workspace</h1>
      <p className="mt-1 text-sm text-slate-600">You will be its owner. You can invite others afterwards.</p>
      <CreateWorkspaceForm />
    </main>
  );
}
