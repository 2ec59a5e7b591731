import type { ComponentStatus, IncidentImpact, IncidentStatus, PostStatus, ReleaseNoteStatus, RoadmapStage, SubscriptionTopic } from "@/lib/generated/prisma/enums";

// What every source is turned into before anything is written: one shape per resource, each row
// carrying the id it has in its source and naming its parents by their source ids. A source
// (sources/<name>/) only reads and translates; preview, writing, idempotency and undo are shared.
// A source yields parents before their children (boards before posts, posts before votes).

/** Someone who wrote or voted: an account is found (or an unclaimed one made) by this address. */
export interface ImportPerson {
  email?: string | null;
  name?: string | null;
  /** The source's own id of the person, for one without an address. */
  sourceId?: string | null;
}

/** A component's status changed, as a status page's incident recorded it. */
export interface ComponentChangeRecord {
  componentSourceId: string;
  from: ComponentStatus;
  to: ComponentStatus;
  at?: Date;
}

export type ImportRecord =
  | { kind: "board"; sourceId: string; name: string; slug?: string; description?: string; isPublic?: boolean; createdAt?: Date }
  | { kind: "roadmap_item"; sourceId: string; title: string; description?: string; stage: RoadmapStage; position?: number; createdAt?: Date }
  | {
      kind: "post";
      sourceId: string;
      boardSourceId: string;
      title: string;
      body?: string;
      /** Null: a status name the source used that has no equivalent here (skipped in preview as such? no: kept open). */
      status: PostStatus;
      tags?: string[];
      author?: ImportPerson | null;
      roadmapItemSourceId?: string | null;
      mergedIntoSourceId?: string | null;
      mergedAt?: Date | null;
      createdAt?: Date;
    }
  | { kind: "vote"; postSourceId: string; voter: ImportPerson; createdAt?: Date }
  | { kind: "comment"; sourceId: string; postSourceId: string; body: string; author?: ImportPerson | null; isTeamReply?: boolean; hiddenAt?: Date | null; createdAt?: Date }
  | { kind: "release_note"; sourceId: string; title: string; body?: string; status: ReleaseNoteStatus; publishedAt?: Date | null; postSourceIds?: string[]; createdAt?: Date }
  | { kind: "status_component"; sourceId: string; name: string; description?: string; status: ComponentStatus; position?: number; createdAt?: Date }
  | { kind: "status_change"; sourceId: string; componentSourceId: string; from: ComponentStatus; to: ComponentStatus; at: Date }
  | {
      kind: "incident";
      sourceId: string;
      title: string;
      status: IncidentStatus;
      impact: IncidentImpact;
      resolvedAt?: Date | null;
      componentSourceIds?: string[];
      createdAt?: Date;
    }
  | {
      kind: "incident_update";
      sourceId: string;
      incidentSourceId: string;
      status: IncidentStatus;
      impact: IncidentImpact;
      message: string;
      /** Component statuses the update changed, for the status history (at the update's time unless `at`). */
      componentChanges?: ComponentChangeRecord[];
      createdAt?: Date;
    }
  | { kind: "maintenance"; sourceId: string; title: string; message?: string; startsAt: Date; endsAt: Date; componentSourceIds?: string[]; createdAt?: Date }
  | { kind: "todo_list"; sourceId: string; name: string; createdAt?: Date }
  | { kind: "todo_item"; sourceId: string; listSourceId: string; title: string; notes?: string; completedAt?: Date | null; archivedAt?: Date | null; createdAt?: Date }
  | { kind: "subscriber"; sourceId: string; topic: SubscriptionTopic; email: string; confirmedAt?: Date | null; componentSourceIds?: string[]; locale?: string | null; createdAt?: Date };

export type ImportKind = ImportRecord["kind"];

/** A row of the source that will not be imported, and why (shown in the preview). */
export interface SkippedRow {
  kind: "skip";
  reason: string;
}

export type SourceItem = ImportRecord | SkippedRow;

/** Kinds in the order they are written (and undone in reverse). */
export const IMPORT_KINDS: readonly ImportKind[] = [
  "board",
  "roadmap_item",
  "post",
  "vote",
  "comment",
  "release_note",
  "status_component",
  "status_change",
  "incident",
  "incident_update",
  "maintenance",
  "todo_list",
  "todo_item",
  "subscriber",
];
