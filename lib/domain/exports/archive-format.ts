import type { TenantModel } from "@/lib/platform/db/tenant-models";

// The workspace archive: a zip holding `manifest.json` first, `workspace.json` (settings and
// branding) and one JSON Lines file per resource (one JSON object a line), in the order an import
// needs them (a post's board before the post, a vote's post before the vote). The schema is
// documented in docs/users.md ("The export archive"); a change that an older import could not read
// raises ARCHIVE_VERSION.

export const ARCHIVE_FORMAT = "workspace-export";
// 2: status_changes.jsonl, the components' status history (an import of version 1 refused the
// unknown file). Archives of version 1 are still read: they have no status history.
export const ARCHIVE_VERSION = 2;

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
  /**
   * The select list (constant SQL): each row becomes one line, the JSON object of these columns
   * in this order, made by the database (timestamps through `at`, as JavaScript writes them).
   */
  columns: string;
}

// A timestamp as JSON.stringify writes a Date (UTC, milliseconds, "Z"), whatever the session's
// time zone: the archive's format did not change when its lines came to be made by the database.
const at = (column: string) => `to_char("${column}" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "${column}"`;

// A person as the archive names them: the address and display name, never an account id alone,
// so an import into another instance can find or claim the same person.
const person = (table: string, column: string) =>
  `(SELECT row_to_json(u) FROM (SELECT email, name FROM "User" WHERE id = "${table}"."${column}") AS u)`;
const ids = (table: string, column: string, owner: string, ownerTable: string) =>
  `(SELECT coalesce(array_agg(l."${column}" ORDER BY l."${column}"), '{}') FROM "${table}" l WHERE l."${owner}" = "${ownerTable}".id)`;

export const ARCHIVE_TABLES: readonly ArchiveTable[] = [
  { file: "boards.jsonl", from: "board", columns: `id, name, slug, description, "isPublic", ${at("createdAt")}` },
  { file: "roadmap_items.jsonl", from: "roadmapItem", columns: `id, title, description, stage, position, ${at("createdAt")}` },
  {
    file: "posts.jsonl",
    from: "post",
    columns: `id, "boardId", "roadmapItemId", title, body, status, tags, "voteCount", "commentCount", "mergedIntoId", ${at("mergedAt")}, ${at("createdAt")}, ${person("Post", "authorId")} AS author`,
  },
  { file: "votes.jsonl", from: "vote", columns: `id, "postId", ${at("createdAt")}, ${person("Vote", "userId")} AS voter` },
  { file: "comments.jsonl", from: "comment", columns: `id, "postId", body, "isTeamReply", ${at("hiddenAt")}, ${at("createdAt")}, ${person("Comment", "authorId")} AS author` },
  {
    file: "release_notes.jsonl",
    from: "releaseNote",
    columns: `id, title, body, status, ${at("publishedAt")}, ${at("createdAt")}, ${ids("ReleaseNotePost", "postId", "releaseNoteId", "ReleaseNote")} AS "postIds"`,
  },
  { file: "status_components.jsonl", from: "statusComponent", columns: `id, name, description, status, position, ${at("createdAt")}` },
  // The status history the uptime bars are drawn from: each change of a component's status.
  { file: "status_changes.jsonl", from: "componentStatusChange", columns: `id, "componentId", "fromStatus", "toStatus", ${at("at")}` },
  {
    file: "incidents.jsonl",
    from: "incident",
    columns: `id, title, status, impact, ${at("resolvedAt")}, ${at("createdAt")}, ${ids("IncidentComponent", "componentId", "incidentId", "Incident")} AS "componentIds"`,
  },
  { file: "incident_updates.jsonl", from: "incidentUpdate", columns: `id, "incidentId", status, impact, message, ${at("createdAt")}` },
  {
    file: "maintenances.jsonl",
    from: "maintenance",
    columns: `id, title, message, ${at("startsAt")}, ${at("endsAt")}, ${at("createdAt")}, ${ids("MaintenanceComponent", "componentId", "maintenanceId", "Maintenance")} AS "componentIds"`,
  },
  { file: "todo_lists.jsonl", from: "todoList", columns: `id, name, ${at("createdAt")}` },
  { file: "todo_items.jsonl", from: "todoItem", columns: `id, "listId", title, notes, ${at("completedAt")}, ${at("archivedAt")}, ${at("createdAt")}` },
  { file: "members.jsonl", from: "membership", columns: `id, role, ${at("createdAt")}, ${person("Membership", "userId")} AS "user"` },
  { file: "subscribers.jsonl", from: "subscriber", columns: `id, topic, email, "componentIds", locale, ${at("confirmedAt")}, ${at("createdAt")}` },
  // Endpoints without their signing secrets: an import never recreates them (a secret cannot move).
  { file: "webhooks.jsonl", from: "webhookEndpoint", columns: `id, kind, url, description, "eventTypes", enabled, ${at("createdAt")}` },
];
