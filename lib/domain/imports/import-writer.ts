import { hotQuery } from "@/lib/platform/db/client";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";
import { PeopleResolver } from "./people";
import type { ImportKind, ImportRecord, SourceItem } from "./records";
import * as write from "./write-batch";
import type { Of } from "./write-batch";

const BATCH = 2_000;
// Posts, votes and comments go in by one statement per batch (write-batch.ts): larger batches,
// fewer transactions. A vote row is small.
const BATCH_OF: Partial<Record<ImportKind, number>> = { post: 5_000, comment: 5_000, vote: 10_000 };
// A batch is one transaction: on a busy database it may take longer than an interactive
// transaction's default few seconds, and its one insert longer than a request's statement may
// (10,000 votes took over 10 s on a loaded machine); failing it only to write it again gains nothing.
const BATCH_TRANSACTION = { timeout: 120_000, maxWait: 30_000, statementTimeout: 100_000 };
type ParentKind = "board" | "post" | "roadmap_item" | "status_component" | "incident" | "todo_list";
const PARENT_KINDS: readonly ParentKind[] = ["board", "post", "roadmap_item", "status_component", "incident", "todo_list"];

export interface WriteCounts {
  created: Partial<Record<ImportKind, number>>;
  skipped: Record<string, number>;
}

/**
 * Writes the records of one import, a batch of one kind at a time, each batch in one transaction
 * with its source-id rows (ImportedRow) and the import's progress: a run that stops loses at most
 * the batch in flight, and a run read again from the start finds what it wrote and skips it.
 */
export class ImportWriter {
  private readonly ids: Record<ParentKind, Map<string, string>> = Object.fromEntries(PARENT_KINDS.map((kind) => [kind, new Map()])) as never;
  private readonly people: PeopleResolver;
  private buffer: ImportRecord[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly touchedPosts = new Set<string>();
  /** Posts an earlier import created: votes this one adds to them are remembered one by one, for its undo. */
  private readonly othersPosts = new Set<string>();
  private readonly merges: { id: string; into: string; at: Date | null }[] = [];
  private boardSlugs: Set<string> | null = null;
  private listNames: Set<string> | null = null;
  readonly counts: WriteCounts = { created: {}, skipped: {} };
  done = 0;

  constructor(
    private readonly db: ScopedDb,
    private readonly run: { importId: string; source: string },
    private readonly onBatch: (tx: ScopedTx, done: number, counts: WriteCounts) => Promise<void>,
  ) {
    this.people = new PeopleResolver(run.source);
  }

  async add(record: SourceItem): Promise<void> {
    if (record.kind === "skip") return this.skip(record.reason);
    if (this.buffer.length > 0 && (this.buffer[0]!.kind !== record.kind || this.buffer.length >= (BATCH_OF[record.kind] ?? BATCH))) await this.startFlush();
    this.buffer.push(record);
  }

  async finish(): Promise<void> {
    await this.startFlush();
    await this.writing;
    for (const merge of this.merges) {
      const into = this.ids.post.get(merge.into);
      if (into) await this.db.post.updateMany({ where: { id: merge.id }, data: { mergedIntoId: into, mergedAt: merge.at ?? new Date() } });
    }
    await this.recountPosts();
  }

  /** Waits for the batch being written, if any, whatever its outcome: before a failure is recorded. */
  async settle(): Promise<void> {
    await this.writing.catch(() => {});
  }

  /**
   * Hands the buffered batch to the database and returns while it is written, so that the source
   * is read and parsed (this process's work) while the database writes (its own): the two overlap
   * instead of taking turns. One batch at a time: a batch waits for the one before it, whose new
   * ids (a vote's post) it may need.
   */
  private async startFlush(): Promise<void> {
    await this.writing;
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0) return;
    this.writing = this.flush(batch);
    // Its failure is thrown where it is awaited, at the next batch or at the end; until then it is
    // not an unhandled rejection.
    this.writing.catch(() => {});
  }

  private skip(reason: string, count = 1) {
    this.counts.skipped[reason] = (this.counts.skipped[reason] ?? 0) + count;
  }

  private created(kind: ImportKind, count: number) {
    this.counts.created[kind] = (this.counts.created[kind] ?? 0) + count;
  }

  private parent = (kind: ParentKind, sourceId: string | null | undefined) => (sourceId ? this.ids[kind].get(sourceId) : undefined);

  private async flush(batch: ImportRecord[]): Promise<void> {
    const kind = batch[0]!.kind;
    if (kind === "vote") return this.flushVotes(batch as Of<"vote">[]);
    const records = batch as (ImportRecord & { sourceId: string })[];
    // The same source id twice in one source: the first counts, the rest are skipped as duplicates.
    const seen = new Set<string>();
    const unique = records.filter((record) => (seen.has(record.sourceId) ? (this.skip(`${kind}: duplicate id in the source`), false) : seen.add(record.sourceId)));
    const prepared = unique.map((record) => ({ id: write.newId(), record }));
    // People are found or made before the batch's transaction, not inside it: embedded PGlite has
    // one connection, which the transaction holds, so a statement beside it would wait forever.
    const authors = kind === "post" || kind === "comment" ? await this.people.resolve(prepared.map(({ record }) => (record as Of<"post" | "comment">).author)) : [];
    const authorOf = new Map(prepared.map(({ id }, index) => [id, authors[index] ?? null]));
    const before = new Map<string, string>();
    let written: { id: string; record: ImportRecord & { sourceId: string } }[] = [];
    await this.db.$transaction(async (tx) => {
      // Each source id is claimed before its row is written, in the same transaction: a fresh
      // import (every claim free) never looks its rows up one by one, and a run read again from the
      // start finds its earlier batches' claims taken and skips those rows.
      const claimed = await write.claimSourceIds(tx, this.run, kind, prepared.map(({ id, record }) => ({ id, sourceId: record.sourceId })));
      const fresh = prepared.filter(({ record }) => claimed.has(record.sourceId));
      if (fresh.length < prepared.length) {
        const taken = prepared.filter(({ record }) => !claimed.has(record.sourceId)).map(({ record }) => record.sourceId);
        const rows = await tx.importedRow.findMany({ where: { source: this.run.source, kind, sourceId: { in: taken } }, select: { sourceId: true, targetId: true, importId: true } });
        for (const row of rows) before.set(row.sourceId, row.targetId);
        if (kind === "post") for (const row of rows) if (row.importId !== this.run.importId) this.othersPosts.add(row.targetId);
        this.skip(`${kind}: already imported`, taken.length);
      }
      written = await this.insert(tx, kind, fresh, authorOf);
      if (written.length < fresh.length) {
        // Claimed but not written (its parent is not in the source, an address already
        // subscribed): the claim goes too, so that undo and a later import see no such row.
        const kept = new Set(written.map(({ id }) => id));
        const dropped = fresh.filter(({ id }) => !kept.has(id)).map(({ record }) => record.sourceId);
        await tx.importedRow.deleteMany({ where: { source: this.run.source, kind, sourceId: { in: dropped } } });
      }
      this.created(kind, written.length);
      this.done += batch.length;
      await this.onBatch(tx, this.done, this.counts);
    }, BATCH_TRANSACTION);
    if (kind === "post") for (const target of before.values()) this.touchedPosts.add(target);
    if ((PARENT_KINDS as readonly string[]).includes(kind)) {
      const ids = this.ids[kind as ParentKind];
      for (const [sourceId, target] of before) ids.set(sourceId, target);
      for (const { id, record } of written) ids.set(record.sourceId, id);
    }
  }

  private async insert(tx: ScopedTx, kind: ImportKind, fresh: { id: string; record: ImportRecord & { sourceId: string } }[], authorOf: Map<string, string | null>) {
    type Row<K extends ImportKind> = { id: string; record: Of<K> };
    const missing = (what: string, rows: unknown[], kept: unknown[]) => rows.length > kept.length && this.skip(`${kind}: ${what} not in the source`, rows.length - kept.length);
    switch (kind) {
      case "board": {
        this.boardSlugs ??= new Set((await tx.board.findMany({ select: { slug: true } })).map((board) => board.slug));
        await write.insertBoards(tx, fresh as Row<"board">[], this.boardSlugs);
        return fresh;
      }
      case "roadmap_item":
        await write.insertRoadmapItems(tx, fresh as Row<"roadmap_item">[]);
        return fresh;
      case "post": {
        const rows = fresh as Row<"post">[];
        const kept = rows.flatMap((row) => {
          const boardId = this.parent("board", row.record.boardSourceId);
          if (!boardId) return [];
          return [{ ...row, boardId, authorId: authorOf.get(row.id) ?? null, roadmapItemId: this.parent("roadmap_item", row.record.roadmapItemSourceId) }];
        });
        missing("board", rows, kept);
        await write.insertPosts(tx, kept);
        for (const { id, record } of kept) {
          this.touchedPosts.add(id);
          if (record.mergedIntoSourceId) this.merges.push({ id, into: record.mergedIntoSourceId, at: record.mergedAt ?? null });
        }
        return kept;
      }
      case "comment": {
        const rows = fresh as Row<"comment">[];
        const kept = rows.flatMap((row) => {
          const postId = this.parent("post", row.record.postSourceId);
          return postId ? [{ ...row, postId, authorId: authorOf.get(row.id) ?? null }] : [];
        });
        missing("post", rows, kept);
        await write.insertComments(tx, kept);
        for (const { postId } of kept) this.touchedPosts.add(postId);
        return kept;
      }
      case "release_note": {
        const rows = (fresh as Row<"release_note">[]).map((row) => ({ ...row, postIds: (row.record.postSourceIds ?? []).flatMap((id) => this.parent("post", id) ?? []) }));
        await write.insertReleaseNotes(tx, rows);
        return rows;
      }
      case "status_component":
        await write.insertComponents(tx, fresh as Row<"status_component">[]);
        return fresh;
      case "status_change": {
        const rows = fresh as Row<"status_change">[];
        const kept = rows.flatMap((row) => {
          const componentId = this.parent("status_component", row.record.componentSourceId);
          return componentId ? [{ ...row, componentId }] : [];
        });
        missing("status component", rows, kept);
        await write.insertStatusChanges(tx, kept);
        return kept;
      }
      case "incident": {
        const rows = (fresh as Row<"incident">[]).map((row) => ({ ...row, componentIds: this.components(row.record.componentSourceIds) }));
        await write.insertIncidents(tx, rows);
        return rows;
      }
      case "incident_update": {
        const rows = fresh as Row<"incident_update">[];
        const kept = rows.flatMap((row) => {
          const incidentId = this.parent("incident", row.record.incidentSourceId);
          return incidentId ? [{ ...row, incidentId }] : [];
        });
        missing("incident", rows, kept);
        await write.insertIncidentUpdates(tx, kept);
        await this.insertStatusChanges(tx, kept);
        return kept;
      }
      case "maintenance": {
        const rows = (fresh as Row<"maintenance">[]).map((row) => ({ ...row, componentIds: this.components(row.record.componentSourceIds) }));
        await write.insertMaintenances(tx, rows);
        return rows;
      }
      case "todo_list": {
        this.listNames ??= new Set((await tx.todoList.findMany({ select: { name: true } })).map((list) => list.name));
        await write.insertTodoLists(tx, fresh as Row<"todo_list">[], this.listNames);
        return fresh;
      }
      case "todo_item": {
        const rows = fresh as Row<"todo_item">[];
        const kept = rows.flatMap((row) => {
          const listId = this.parent("todo_list", row.record.listSourceId);
          return listId ? [{ ...row, listId }] : [];
        });
        missing("todo list", rows, kept);
        await write.insertTodoItems(tx, kept);
        return kept;
      }
      case "subscriber": {
        const rows = (fresh as Row<"subscriber">[]).map((row) => ({ ...row, componentIds: this.components(row.record.componentSourceIds) }));
        const written = await write.insertSubscribers(tx, rows);
        if (written.size < rows.length) this.skip("subscriber: already subscribed", rows.length - written.size);
        return rows.filter(({ id }) => written.has(id));
      }
      default:
        return [];
    }
  }

  /**
   * The component status changes the updates made, into the status history the uptime bars read;
   * the components' present status is left as the source gave it. Remembered as imported (kind
   * "status_change"), so undo takes them back also from components that stay.
   */
  private async insertStatusChanges(tx: ScopedTx, updates: { record: Of<"incident_update"> }[]) {
    const rows = updates.flatMap(({ record }) =>
      (record.componentChanges ?? []).flatMap((change, n) => {
        const componentId = this.parent("status_component", change.componentSourceId);
        const at = change.at ?? record.createdAt;
        if (!componentId) return [];
        return [{ sourceId: `${record.sourceId}|${n}`, change: { id: write.newId(), componentId, fromStatus: change.from, toStatus: change.to, at } }];
      }),
    );
    if (rows.length === 0) return;
    await tx.componentStatusChange.createMany({ data: rows.map((row) => row.change) as never });
    await tx.importedRow.createMany({
      data: rows.map((row) => ({ source: this.run.source, kind: "status_change", sourceId: row.sourceId, targetId: row.change.id, importId: this.run.importId })) as never,
      skipDuplicates: true,
    });
  }

  private components(sourceIds: string[] | undefined): string[] {
    return (sourceIds ?? []).flatMap((id) => this.parent("status_component", id) ?? []);
  }

  private async flushVotes(batch: Of<"vote">[]): Promise<void> {
    const voters = await this.people.resolve(batch.map((vote) => vote.voter));
    // Votes on posts this import created go with their posts when it is undone; a vote on an
    // earlier import's post gets an ImportedRow, its id in the source being the post and the voter.
    const sourceIds = new Map<string, string>();
    const rows = batch.flatMap((vote, index) => {
      const postId = this.parent("post", vote.postSourceId);
      const userId = voters[index];
      if (!postId || !userId) return [];
      // Other votes get their ids from the database: a million of them need not be made here.
      if (!this.othersPosts.has(postId)) return [{ postId, userId, createdAt: vote.createdAt }];
      const id = write.newId();
      sourceIds.set(id, `${vote.postSourceId}|${userId}`);
      return [{ id, postId, userId, createdAt: vote.createdAt }];
    });
    if (rows.length < batch.length) this.skip("vote: post or voter not in the source", batch.length - rows.length);
    await this.db.$transaction(async (tx) => {
      const inserted = await write.insertVotes(tx, rows);
      if (inserted < rows.length) this.skip("vote: already there", rows.length - inserted);
      await this.recordVotes(tx, sourceIds, inserted, rows.length);
      this.created("vote", inserted);
      this.done += batch.length;
      await this.onBatch(tx, this.done, this.counts);
    }, BATCH_TRANSACTION);
    for (const { postId } of rows) this.touchedPosts.add(postId);
  }

  /**
   * The votes this batch wrote on earlier imports' posts, remembered like every other row, so that
   * undoing the import takes them off posts it did not create. When some votes of the batch were
   * already there, the ones written are told apart by their ids.
   */
  private async recordVotes(tx: ScopedTx, sourceIds: Map<string, string>, inserted: number, batchSize: number) {
    if (inserted === 0 || sourceIds.size === 0) return;
    let written = [...sourceIds.keys()];
    if (inserted < batchSize) written = (await tx.vote.findMany({ where: { id: { in: written } }, select: { id: true } })).map((row) => row.id);
    await tx.importedRow.createMany({
      data: written.map((id) => ({ source: this.run.source, kind: "vote", sourceId: sourceIds.get(id)!, targetId: id, importId: this.run.importId })) as never,
      skipDuplicates: true,
    });
  }

  /** Vote and comment counts of every post the import touched, counted from the rows, one statement per slice. */
  private async recountPosts(): Promise<void> {
    const ids = [...this.touchedPosts];
    for (let start = 0; start < ids.length; start += RECOUNT_SLICE) await hotQuery(RECOUNT_SQL, [this.db.workspaceId, ids.slice(start, start + RECOUNT_SLICE)]);
  }
}

// Outside the batches' transactions, so within a request's statement timeout even on a busy database.
const RECOUNT_SLICE = 2_000;
// Only posts whose counts change are written: a post the import only found (already imported,
// no new votes) keeps its row untouched.
const RECOUNT_SQL = `UPDATE "Post" AS p SET "voteCount" = n.votes, "commentCount" = n.comments
FROM (
  SELECT x.id,
    (SELECT count(*)::int FROM "Vote" v WHERE v."postId" = x.id) AS votes,
    (SELECT count(*)::int FROM "Comment" c WHERE c."postId" = x.id AND c."hiddenAt" IS NULL) AS comments
  FROM unnest($2::text[]) AS x(id)
) AS n
WHERE p."workspaceId" = $1 AND p.id = n.id AND (p."voteCount" <> n.votes OR p."commentCount" <> n.comments)`;
