import type { Metadata } from "next";
import { ExportCard } from "@/components/migration/export-card";
import { ImportCard } from "@/components/migration/import-card";
import { ImportStartForm } from "@/components/migration/import-start-form";
import { NotAllowed } from "@/components/settings/not-allowed";
import { SettingsSection } from "@/components/settings/settings-section";
import { canManageWorkspace } from "@/lib/domain/access/roles";
import { listImports } from "@/lib/domain/imports/list-imports";
import { listMembers } from "@/lib/domain/members/list-members";
import { settingsActor } from "../settings-actor";

export const metadata: Metadata = { title: "Import & export" };

export default async function MigrationPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor } = await settingsActor(slug, "/migration");
  if (!canManageWorkspace(actor.role)) {
    const { members } = await listMembers(actor);
    return (
      <NotAllowed
        title="Import & export"
        what="import into or export this workspace"
        role={actor.role}
        owners={members.filter((m) => m.role === "OWNER").map((m) => m.name ?? m.email)}
        backHref={`/w/${slug}`}
      />
    );
  }
  const imports = await listImports(actor, 5);
  const active = imports.some((run) => run.state === "queued" || run.state === "running" || run.state === "undoing");
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold text-slate-900">Import &amp; export</h1>
      <SettingsSection
        id="import-heading"
        title="Import"
        description="Bring in boards, posts, votes and comments from Canny, Fider or a spreadsheet, a status page's history from Statuspage, or another workspace's export. You see what will be created first; nothing is mailed and no webhook fires per row, and an import can be undone for 24 hours."
      >
        <ImportStartForm slug={slug} disabled={active} />
        {imports.length > 0 ? (
          <div className="mt-6 space-y-4">
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Recent imports</h3>
            {imports.map((run) => (
              <ImportCard key={run.id} slug={slug} run={run} canRun={!active} />
            ))}
          </div>
        ) : null}
      </SettingsSection>
      <ExportCard slug={slug} />
    </div>
  );
}
