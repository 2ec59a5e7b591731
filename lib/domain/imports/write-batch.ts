import { randomBytes } from "node:crypto";
import { insertRows, type ScopedTx } from "@/lib/platform/db/scoped";
import { hashToken } from "@/lib/platform/tokens/email-token";
import { manageTokenFor } from "@/lib/domain/subscriptions/tokens";
import type { ImportRecord } from "./records";

// How one batch of records of one kind becomes rows. Parent ids are already translated (`parent`);
// each function inserts the rows with the ids it is given and nothing else: events, mails and
// cache refreshes are left out on purpose, an import announces itself once at the end.

export type Of<K extends ImportRecord["kind"]> = Extract<ImportRecord, { kind: K }>;
export type Parent = (kind: "board" | "post" | "roadmap_item" | "status_component" | "incident" | "todo_list", sourceId: string | null | undefined) => string | undefined;

/** A new row id, the length and alphabet of the app's own. */
export function newId(): string {
  return `c${randomBytes(12).toString("hex")}`;
}

const text = (value: string | undefined, max: number) => (value ?? "").slice(0, max);
const stamp = (value: Date | null | undefined) => value ?? undefined;

export interface Prepared {
  id: string;
  sourceId: string;
}

export async function insertBoards(tx: ScopedTx, rows: { id: string; record: Of<"board"> }[], takenSlugs: Set<string>) {
  await tx.board.createMany({
    data: rows.map(({ id, record }) => {
      const base = (record.slug || record.name).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "board";
      let slug = base;
      for (let n = 2; takenSlugs.has(slug); n += 1) slug = `${base}-${n}`;
      takenSlugs.add(slug);
      return { id, name: text(record.name, 80), slug, description: text(record.description, 500), isPublic: record.isPublic ?? true, createdAt: stamp(record.createdAt) };
    }) as never,
  });
}

export async function insertRoadmapItems(tx: ScopedTx, rows: { id: string; record: Of<"roadmap_item"> }[]) {
  await tx.roadmapItem.createMany({
    data: rows.map(({ id, record }) => ({ id, title: text(record.title, 200), description: text(record.description, 5000), stage: record.stage, position: record.position ?? 0, createdAt: stamp(record.createdAt) })) as never,
  });
}

// Posts, votes and comments are the bulk of a large import (a million votes): one statement per
// batch with a parameter per column, not per cell, and the ids of votes made by the database.
export async function insertPosts(tx: ScopedTx, rows: { id: string; record: Of<"post">; boardId: string; authorId: string | null; roadmapItemId?: string }[]) {
  await insertRows(tx, {
    into: "post",
    columns: { id: "text", boardId: "text", authorId: "text", roadmapItemId: "text", title: "text", body: "text", status: `"PostStatus"`, tags: "text[]", createdAt: "timestamptz" },
    constants: { updatedAt: "now()" },
    defaults: { createdAt: "now()" },
    rows: rows.map(({ id, record, boardId, authorId, roadmapItemId }) => [
      id,
      boardId,
      authorId,
      roadmapItemId ?? null,
      text(record.title, 200),
      text(record.body, 20_000),
      record.status,
      (record.tags ?? []).slice(0, 20).map((tag) => tag.slice(0, 40)),
      record.createdAt ?? null,
    ]),
  });
}

/** `id`: the vote's id when the caller must tell afterwards which votes were written. */
export async function insertVotes(tx: ScopedTx, rows: { id?: string; postId: string; userId: string; createdAt?: Date }[]): Promise<number> {
  // A person votes once per post: a vote already there (an earlier run, the same voter twice in the
  // source) is skipped by the unique key rather than counted twice.
  return insertRows(tx, {
    into: "vote",
    columns: { id: "text", postId: "text", userId: "text", createdAt: "timestamptz" },
    // Without an id from the caller, the app's id shape (c + 24 hex digits) from 90-odd random bits of a v4 UUID.
    defaults: { id: `'c' || left(replace(gen_random_uuid()::text, '-', ''), 24)`, createdAt: "now()" },
    rows: rows.map((row) => [row.id ?? null, row.postId, row.userId, row.createdAt ?? null]),
    skipDuplicates: true,
  });
}

export async function insertComments(tx: ScopedTx, rows: { id: string; record: Of<"comment">; postId: string; authorId: string | null }[]) {
  await insertRows(tx, {
    into: "comment",
    columns: { id: "text", postId: "text", authorId: "text", body: "text", isTeamReply: "boolean", hiddenAt: "timestamptz", createdAt: "timestamptz" },
    constants: { updatedAt: "now()" },
    defaults: { createdAt: "now()" },
    rows: rows.map(({ id, record, postId, authorId }) => [id, postId, authorId, text(record.body, 10_000), record.isTeamReply ?? false, record.hiddenAt ?? null, record.createdAt ?? null]),
  });
}

/**
 * Records that these source rows are now imported (ImportedRow: the import that made each, which
 * undo removes, and its target), each at most once ever per workspace and source: the source ids
 * that come back were free and are this batch's to write; the rest were imported before.
 */
export async function claimSourceIds(tx: ScopedTx, run: { importId: string; source: string }, kind: ImportRecord["kind"], rows: Prepared[]): Promise<Set<string>> {
  const claimed = await insertRows<{ sourceId: string }>(tx, {
    into: "importedRow",
    columns: { source: "text", kind: "text", sourceId: "text", targetId: "text", importId: "text" },
    rows: rows.map(({ id, sourceId }) => [run.source, kind, sourceId, id, run.importId]),
    skipDuplicates: true,
    returning: `"sourceId"`,
  });
  return new Set(claimed.map((row) => row.sourceId));
}

export async function insertReleaseNotes(tx: ScopedTx, rows: { id: string; record: Of<"release_note">; postIds: string[] }[]) {
  await tx.releaseNote.createMany({
    data: rows.map(({ id, record }) => ({ id, title: text(record.title, 200), body: text(record.body, 50_000), status: record.status, publishedAt: record.publishedAt ?? null, createdAt: stamp(record.createdAt) })) as never,
  });
  const links = rows.flatMap(({ id, postIds }) => postIds.map((postId) => ({ releaseNoteId: id, postId })));
  if (links.length) await tx.releaseNotePost.createMany({ data: links as never, skipDuplicates: true });
}

export async function insertComponents(tx: ScopedTx, rows: { id: string; record: Of<"status_component"> }[]) {
  await tx.statusComponent.createMany({
    data: rows.map(({ id, record }) => ({ id, name: text(record.name, 100), description: text(record.description, 500), status: record.status, position: record.position ?? 0, createdAt: stamp(record.createdAt) })) as never,
  });
}

export async function insertStatusChanges(tx: ScopedTx, rows: { id: string; record: Of<"status_change">; componentId: string }[]) {
  await tx.componentStatusChange.createMany({
    data: rows.map(({ id, record, componentId }) => ({ id, componentId, fromStatus: record.from, toStatus: record.to, at: record.at })) as never,
  });
}

export async function insertIncidents(tx: ScopedTx, rows: { id: string; record: Of<"incident">; componentIds: string[] }[]) {
  await tx.incident.createMany({
    data: rows.map(({ id, record }) => ({ id, title: text(record.title, 200), status: record.status, impact: record.impact, resolvedAt: record.resolvedAt ?? null, createdAt: stamp(record.createdAt) })) as never,
  });
  // The component's status before the incident is not known from an archive: operational, which
  // is what a resolved incident restores.
  const links = rows.flatMap(({ id, componentIds }) => componentIds.map((componentId) => ({ incidentId: id, componentId })));
  if (links.length) await tx.incidentComponent.createMany({ data: links as never, skipDuplicates: true });
}

export async function insertIncidentUpdates(tx: ScopedTx, rows: { id: string; record: Of<"incident_update">; incidentId: string }[]) {
  await tx.incidentUpdate.createMany({
    data: rows.map(({ id, record, incidentId }) => ({ id, incidentId, status: record.status, impact: record.impact, message: text(record.message, 10_000), createdAt: stamp(record.createdAt) })) as never,
  });
}

export async function insertMaintenances(tx: ScopedTx, rows: { id: string; record: Of<"maintenance">; componentIds: string[] }[]) {
  await tx.maintenance.createMany({
    data: rows.map(({ id, record }) => ({ id, title: text(record.title, 200), message: text(record.message, 10_000), startsAt: record.startsAt, endsAt: record.endsAt, createdAt: stamp(record.createdAt) })) as never,
  });
  const links = rows.flatMap(({ id, componentIds }) => componentIds.map((componentId) => ({ maintenanceId: id, componentId })));
  if (links.length) await tx.maintenanceComponent.createMany({ data: links as never, skipDuplicates: true });
}

export async function insertTodoLists(tx: ScopedTx, rows: { id: string; record: Of<"todo_list"> }[], takenNames: Set<string>) {
  await tx.todoList.createMany({
    data: rows.map(({ id, record }) => {
      const base = text(record.name, 80) || "List";
      let name = base;
      for (let n = 2; takenNames.has(name); n += 1) name = `${base} (${n})`;
      takenNames.add(name);
      return { id, name, createdAt: stamp(record.createdAt) };
    }) as never,
  });
}

export async function insertTodoItems(tx: ScopedTx, rows: { id: string; record: Of<"todo_item">; listId: string }[]) {
  await tx.todoItem.createMany({
    data: rows.map(({ id, record, listId }) => ({ id, listId, title: text(record.title, 500), notes: text(record.notes, 10_000), completedAt: record.completedAt ?? null, archivedAt: record.archivedAt ?? null, createdAt: stamp(record.createdAt) })) as never,
  });
}

/** Subscribers keep their consent as it was: confirmed ones stay confirmed, the rest stay unconfirmed. No mail goes out. */
export async function insertSubscribers(tx: ScopedTx, rows: { id: string; record: Of<"subscriber">; componentIds: string[] }[]): Promise<Set<string>> {
  const emails = rows.map(({ record }) => record.email.toLowerCase());
  const existing = await tx.subscriber.findMany({ where: { email: { in: emails } }, select: { email: true, topic: true } });
  const taken = new Set(existing.map((row) => `${row.topic}:${row.email}`));
  const fresh = rows.filter(({ record }) => !taken.has(`${record.topic}:${record.email.toLowerCase()}`));
  await tx.subscriber.createMany({
    data: fresh.map(({ id, record, componentIds }) => ({
      id,
      topic: record.topic,
      email: record.email.toLowerCase(),
      componentIds,
      locale: record.locale ?? null,
      confirmedAt: record.confirmedAt ?? null,
      manageTokenHash: hashToken(manageTokenFor(id)),
      createdAt: stamp(record.createdAt),
    })) as never,
    skipDuplicates: true,
  });
  return new Set(fresh.map(({ id }) => id));
}
