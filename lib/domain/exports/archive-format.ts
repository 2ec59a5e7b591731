import type { TenantModel } from "@/lib/platform/db/tenant-models";

// The workspace archive: a zip holding `manifest.json` first, `workspace.json` (settings and
// branding) and one JSON Lines file per resource (one JSON object a line), in the order an import
// needs them (a post's board before the post, a vote's post before the vote). The schema is
// documented in docs/users.md ("The export archive"); a change that an older import could not read
// raises ARCHIVE_VERSION.

export const ARCHIVE_FORMAT = "workspace-export";
export const ARCHIVE_VERSION = 1;

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  exportedAt: string;
  workspace: { slug: string; name: string };
  /** Rows per file, counted when the export began. */
  counts: Record<string, number>;
}

export interface ArchiveTable {
  /** The entry's name in the archive. */
  file: string;
  from: TenantModel;
  /** The select list (constant SQL). Each row is written as it comes back. */
  columns: string;
}

// A person as the archive names them: the address and display name, never an account id alone,
// so an import into another instance can find or claim the same person.
const person = (table: string, column: string) =>
  `(SELECT json_build_object('email', u.email, 'name', u.name) FROM "User" u WHERE u.id = "${table}"."${column}")`;
const ids = (table: string, column: string, owner: string, ownerTable: string) =>
  `(SELECT coalesce(array_agg(l."${column}" ORDER BY l."${column}"), '{}') FROM "${table}" l WHERE l."${owner}" = "${ownerTable}".id)`;

export const ARCHIVE_TABLES: readonly ArchiveTable[] = [
  { file: "boards.jsonl", from: "board", columns: `id, name, slug, description, "isPublic", "createdAt"` },
  { file: "roadmap_items.jsonl", from: "roadmapItem", columns: `id, title, description, stage, position, "createdAt"` },
  {
    file: "posts.jsonl",
    from: "post",
    columns: `id, "boardId", "roadmapItemId", title, body, status, tags, "voteCount", "commentCount", "mergedIntoId", "mergedAt", "createdAt", ${person("Post", "authorId")} AS author`,
  },
  { file: "votes.jsonl", from: "vote", columns: `id, "postId", "createdAt", ${person("Vote", "userId")} AS voter` },
  { file: "comments.jsonl", from: "comment", columns: `id, "postId", body, "isTeamReply", "hiddenAt", "createdAt", ${person("Comment", "authorId")} AS author` },
  {
    file: "release_notes.jsonl",
    from: "releaseNote",
    columns: `id, title, body, status, "publishedAt", "createdAt", ${ids("ReleaseNotePost", "postId", "releaseNoteId", "ReleaseNote")} AS "postIds"`,
  },
  { file: "status_components.jsonl", from: "statusComponent", columns: `id, name, description, status, position, "createdAt"` },
  {
    file: "incidents.jsonl",
    from: "incident",
    columns: `id, title, status, impact, "resolvedAt", "createdAt", ${ids("IncidentComponent", "componentId", "incidentId", "Incident")} AS "componentIds"`,
  },
  { file: "incident_updates.jsonl", from: "incidentUpdate", columns: `id, "incidentId", status, impact, message, "createdAt"` },
  {
    file: "maintenances.jsonl",
    from: "maintenance",
    columns: `id, title, message, "startsAt", "endsAt", "createdAt", ${ids("MaintenanceComponent", "componentId", "maintenanceId", "Maintenance")} AS "componentIds"`,
  },
  { file: "todo_lists.jsonl", from: "todoList", columns: `id, name, "createdAt"` },
  { file: "todo_items.jsonl", from: "todoItem", columns: `id, "listId", title, notes, "completedAt", "archivedAt", "createdAt"` },
  { file: "members.jsonl", from: "membership", columns: `id, role, "createdAt", ${person("Membership", "userId")} AS "user"` },
  { file: "subscribers.jsonl", from: "subscriber", columns: `id, topic, email, "componentIds", locale, "confirmedAt", "createdAt"` },
  // Endpoints without their signing secrets: an import never recreates them (a secret cannot move).
  { file: "webhooks.jsonl", from: "webhookEndpoint", columns: `id, kind, url, description, "eventTypes", enabled, "createdAt"` },
];
