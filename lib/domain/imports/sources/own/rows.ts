import { z } from "zod";
import type { ImportRecord } from "../../records";

// The rows of each archive file as the export writes them (lib/domain/exports/archive-format.ts),
// checked one line at a time, and what each becomes.

const id = z.string().min(1).max(64);
const date = z.coerce.date();
const optionalDate = z.coerce.date().nullable().optional();
const person = z.object({ email: z.string().max(320), name: z.string().max(200).nullable() }).nullable().optional();
const ids = z.array(id).max(10_000).default([]);

const postStatus = z.enum(["open", "under_review", "planned", "in_progress", "completed", "closed"]);
const incidentStatus = z.enum(["investigating", "identified", "monitoring", "resolved"]);
const impact = z.enum(["none", "minor", "major", "critical"]);
const componentStatus = z.enum(["operational", "degraded_performance", "partial_outage", "major_outage", "under_maintenance"]);

export const ROW_READERS: Record<string, { schema: z.ZodType; toRecord: (row: never) => ImportRecord | null } | { skip: string }> = {
  "boards.jsonl": {
    schema: z.object({ id, name: z.string(), slug: z.string(), description: z.string().default(""), isPublic: z.boolean().default(true), createdAt: date }),
    toRecord: (row: { id: string; name: string; slug: string; description: string; isPublic: boolean; createdAt: Date }) => ({ kind: "board", sourceId: row.id, ...row }),
  },
  "roadmap_items.jsonl": {
    schema: z.object({ id, title: z.string(), description: z.string().default(""), stage: z.enum(["planned", "in_progress", "completed"]), position: z.number().int().default(0), createdAt: date }),
    toRecord: (row: { id: string; title: string; description: string; stage: "planned"; position: number; createdAt: Date }) => ({ kind: "roadmap_item", sourceId: row.id, ...row }),
  },
  "posts.jsonl": {
    schema: z.object({
      id,
      boardId: id,
      roadmapItemId: id.nullable().optional(),
      title: z.string(),
      body: z.string().default(""),
      status: postStatus,
      tags: z.array(z.string()).default([]),
      mergedIntoId: id.nullable().optional(),
      mergedAt: optionalDate,
      createdAt: date,
      author: person,
    }),
    toRecord: (row: { id: string; boardId: string; roadmapItemId?: string | null; title: string; body: string; status: "open"; tags: string[]; mergedIntoId?: string | null; mergedAt?: Date | null; createdAt: Date; author?: { email: string; name: string | null } | null }) => ({
      kind: "post",
      sourceId: row.id,
      boardSourceId: row.boardId,
      roadmapItemSourceId: row.roadmapItemId,
      title: row.title,
      body: row.body,
      status: row.status,
      tags: row.tags,
      mergedIntoSourceId: row.mergedIntoId,
      mergedAt: row.mergedAt,
      createdAt: row.createdAt,
      author: row.author,
    }),
  },
  "votes.jsonl": {
    schema: z.object({ id, postId: id, createdAt: date, voter: person }),
    toRecord: (row: { postId: string; createdAt: Date; voter?: { email: string; name: string | null } | null }) =>
      row.voter ? { kind: "vote", postSourceId: row.postId, voter: row.voter, createdAt: row.createdAt } : null,
  },
  "comments.jsonl": {
    schema: z.object({ id, postId: id, body: z.string(), isTeamReply: z.boolean().default(false), hiddenAt: optionalDate, createdAt: date, author: person }),
    toRecord: (row: { id: string; postId: string; body: string; isTeamReply: boolean; hiddenAt?: Date | null; createdAt: Date; author?: { email: string; name: string | null } | null }) => ({
      kind: "comment",
      sourceId: row.id,
      postSourceId: row.postId,
      body: row.body,
      isTeamReply: row.isTeamReply,
      hiddenAt: row.hiddenAt,
      createdAt: row.createdAt,
      author: row.author,
    }),
  },
  "release_notes.jsonl": {
    schema: z.object({ id, title: z.string(), body: z.string().default(""), status: z.enum(["draft", "published"]), publishedAt: optionalDate, createdAt: date, postIds: ids }),
    toRecord: (row: { id: string; title: string; body: string; status: "draft"; publishedAt?: Date | null; createdAt: Date; postIds: string[] }) => ({
      kind: "release_note",
      sourceId: row.id,
      title: row.title,
      body: row.body,
      status: row.status,
      publishedAt: row.publishedAt,
      createdAt: row.createdAt,
      postSourceIds: row.postIds,
    }),
  },
  "status_components.jsonl": {
    schema: z.object({
      id,
      name: z.string(),
      description: z.string().default(""),
      status: componentStatus,
      position: z.number().int().default(0),
      createdAt: date,
    }),
    toRecord: (row: { id: string; name: string; description: string; status: "operational"; position: number; createdAt: Date }) => ({ kind: "status_component", sourceId: row.id, ...row }),
  },
  "status_changes.jsonl": {
    schema: z.object({ id, componentId: id, fromStatus: componentStatus, toStatus: componentStatus, at: date }),
    toRecord: (row: { id: string; componentId: string; fromStatus: "operational"; toStatus: "operational"; at: Date }) => ({
      kind: "status_change",
      sourceId: row.id,
      componentSourceId: row.componentId,
      from: row.fromStatus,
      to: row.toStatus,
      at: row.at,
    }),
  },
  "incidents.jsonl": {
    schema: z.object({ id, title: z.string(), status: incidentStatus, impact, resolvedAt: optionalDate, createdAt: date, componentIds: ids }),
    toRecord: (row: { id: string; title: string; status: "investigating"; impact: "minor"; resolvedAt?: Date | null; createdAt: Date; componentIds: string[] }) => ({
      kind: "incident",
      sourceId: row.id,
      title: row.title,
      status: row.status,
      impact: row.impact,
      resolvedAt: row.resolvedAt,
      createdAt: row.createdAt,
      componentSourceIds: row.componentIds,
    }),
  },
  "incident_updates.jsonl": {
    schema: z.object({ id, incidentId: id, status: incidentStatus, impact, message: z.string(), createdAt: date }),
    toRecord: (row: { id: string; incidentId: string; status: "investigating"; impact: "minor"; message: string; createdAt: Date }) => ({
      kind: "incident_update",
      sourceId: row.id,
      incidentSourceId: row.incidentId,
      status: row.status,
      impact: row.impact,
      message: row.message,
      createdAt: row.createdAt,
    }),
  },
  "maintenances.jsonl": {
    schema: z.object({ id, title: z.string(), message: z.string().default(""), startsAt: date, endsAt: date, createdAt: date, componentIds: ids }),
    toRecord: (row: { id: string; title: string; message: string; startsAt: Date; endsAt: Date; createdAt: Date; componentIds: string[] }) => ({
      kind: "maintenance",
      sourceId: row.id,
      title: row.title,
      message: row.message,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      createdAt: row.createdAt,
      componentSourceIds: row.componentIds,
    }),
  },
  "todo_lists.jsonl": {
    schema: z.object({ id, name: z.string(), createdAt: date }),
    toRecord: (row: { id: string; name: string; createdAt: Date }) => ({ kind: "todo_list", sourceId: row.id, ...row }),
  },
  "todo_items.jsonl": {
    schema: z.object({ id, listId: id, title: z.string(), notes: z.string().default(""), completedAt: optionalDate, archivedAt: optionalDate, createdAt: date }),
    toRecord: (row: { id: string; listId: string; title: string; notes: string; completedAt?: Date | null; archivedAt?: Date | null; createdAt: Date }) => ({
      kind: "todo_item",
      sourceId: row.id,
      listSourceId: row.listId,
      title: row.title,
      notes: row.notes,
      completedAt: row.completedAt,
      archivedAt: row.archivedAt,
      createdAt: row.createdAt,
    }),
  },
  "subscribers.jsonl": {
    schema: z.object({ id, topic: z.enum(["STATUS", "CHANGELOG"]), email: z.string().max(320), componentIds: ids, locale: z.string().max(10).nullable().optional(), confirmedAt: optionalDate, createdAt: date }),
    toRecord: (row: { id: string; topic: "STATUS"; email: string; componentIds: string[]; locale?: string | null; confirmedAt?: Date | null; createdAt: Date }) => ({
      kind: "subscriber",
      sourceId: row.id,
      topic: row.topic,
      email: row.email,
      componentSourceIds: row.componentIds,
      locale: row.locale,
      confirmedAt: row.confirmedAt,
      createdAt: row.createdAt,
    }),
  },
  "members.jsonl": { skip: "member: people join a workspace by invitation, never by import" },
  "webhooks.jsonl": { skip: "webhook: signing secrets are not exported; add endpoints again" },
};
