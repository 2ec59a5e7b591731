import type { Metadata } from "next";
import { NoteEditor } from "@/components/changelog/note-editor";
import { redirect } from "next/navigation";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { getPlanAllowance } from "@/lib/domain/plans/get-plan-allowance";
import { roleCan } from "@/lib/domain/access/roles";

export const metadata: Metadata = { title: "New release note" };

export default async function NewNotePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor, workspace } = await workspacePageActor(slug, "/changelog/new");
  // Writing notes is for admins (lib/domain/access/roles.ts); the list is where everyone else reads them.
  if (!roleCan(actor.role, "changelog.manage")) redirect(`/w/${slug}/changelog`);
  // The plan's refusal is said before anyone writes a note that could not be saved.
  const allowance = await getPlanAllowance(actor.db, workspace.plan, "releaseNotes");
  return <NoteEditor slug={slug} note={null} limitMessage={allowance.limitMessage} />;
}
