import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { DomainError } from "@/lib/platform/core/errors";
import { db as client } from "@/lib/platform/db/client";
import { ARCHIVE_FORMAT, ARCHIVE_TABLES, ARCHIVE_VERSION, type ArchiveManifest } from "./archive-format";
import { archiveBytes, pullStream } from "./archive-stream";

export interface WorkspaceExport {
  filename: string;
  manifest: ArchiveManifest;
  stream: ReadableStream<Uint8Array>;
}

/**
 * The whole workspace as one archive (archive-format.ts), streamed: the manifest and settings are
 * read first, then each table a page at a time as the client reads. Members without passwords or
 * sessions, webhooks without secrets.
 */
export async function exportWorkspace(actor: WorkspaceActor, now = new Date()): Promise<WorkspaceExport> {
  authorize(actor, "settings.manage", "export the workspace");
  const workspace = await client.workspace.findUnique({
    where: { id: actor.workspaceId },
    select: {
      slug: true,
      name: true,
      portalPublished: true,
      accentColor: true,
      portalDefaultLocale: true,
      portalLocales: true,
      notifyPostUpdates: true,
      notifyStatusSubscribers: true,
      notifyChangelogSubscribers: true,
      logo: { select: { contentType: true, data: true } },
    },
  });
  if (!workspace) throw new DomainError("NOT_FOUND", "This workspace no longer exists.");
  const counts: Record<string, number> = {};
  for (const table of ARCHIVE_TABLES) {
    const delegate = actor.db[table.from] as unknown as { count(): Promise<number> };
    counts[table.file] = await delegate.count();
  }
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: now.toISOString(),
    workspace: { slug: workspace.slug, name: workspace.name },
    counts,
  };
  const { logo, ...settings } = workspace;
  const branding = logo ? { contentType: logo.contentType, base64: Buffer.from(logo.data).toString("base64") } : null;
  const stamp = now.toISOString().slice(0, 10);
  return {
    filename: `${workspace.slug}-export-${stamp}.zip`,
    manifest,
    stream: pullStream(archiveBytes(actor.db, manifest, { ...settings, logo: branding })),
  };
}
