import { SettingsSection } from "@/components/settings/settings-section";

const LINK = "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50";

/** Downloads of the whole workspace (zip) and of its posts (CSV). Plain links: the browser streams the file. */
export function ExportCard({ slug }: { slug: string }) {
  const base = `/w/${slug}/settings/migration/export`;
  return (
    <SettingsSection
      id="export-heading"
      title="Export"
      description="Everything in this workspace as one archive (boards, posts, votes, comments, roadmap, changelog, status page, todos, members, subscribers, webhooks without their secrets, settings), or the posts alone as a spreadsheet."
    >
      <div className="flex flex-wrap gap-3">
        <a href={base} download className={LINK} data-testid="export-archive">
          Download archive (.zip)
        </a>
        <a href={`${base}/posts`} download className={LINK} data-testid="export-posts-csv">
          Download posts (.csv)
        </a>
      </div>
      <p className="mt-3 text-sm text-slate-500">The archive can be imported into another workspace, here or on another server.</p>
    </SettingsSection>
  );
}
