import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";
import { PeopleResolver } from "./people";
import type { ImportKind, ImportRecord, SourceItem } from "./records";
import * as write from "./write-batch";
import type { Of } from "./write-batch";

const BATCH = 2_000;
// A batch is one transaction: on a busy database it may take longer than an interactive
// transaction's default few seconds, and failing it only to write it again gains nothing.
const BATCH_TRANSACTION = { timeout: 120_000, maxWait: 30_000 };
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
    if (this.buffer.length > 0 && (this.buffer[0]!.kind !== record.kind || this.buffer.length >= BATCH)) await this.flush();
    this.buffer.push(record);
  }

  async finish(): Promise<void> {
    await this.flush();
    for (const merge of this.merges) {
      const into = this.ids.post.get(merge.into);
      if (into) await this.db.post.updateMany({ where: { id: merge.id }, data: { mergedIntoId: into, mergedAt: merge.at ?? new Date() } });
    }
    await this.recountPosts();
  }

  private skip(reason: string, count = 1) {
    this.counts.skipped[reason] = (this.counts.skipped[reason] ?? 0) + count;
  }

  private created(kind: ImportKind, count: number) {
    this.counts.created[kind] = (this.counts.created[kind] ?? 0) + count;
  }

  private parent = (kind: ParentKind, sourceId: string | null | undefined) => (sourceId ? this.ids[kind].get(sourceId) : undefined);

  /** Source ids of this kind already imported (by this source, any run): their targets, and they are not written again. */
  private async alreadyImported(kind: ImportKind, sourceIds: string[]): Promise<Map<string, string>> {
    const rows = await this.db.importedRow.findMany({ where: { source: this.run.source, kind, sourceId: { in: sourceIds } }, select: { sourceId: true, targetId: true, importId: true } });
    if (kind === "post") for (const row of rows) if (row.importId !== this.run.importId) this.othersPosts.add(row.targetId);
    return new Map(rows.map((row) => [row.sourceId, row.targetId]));
  }

  private async flush(): Promise<void> {
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0) return;
    const kind = batch[0]!.kind;
    if (kind === "vote") return this.flushVotes(batch as Of<"vote">[]);
    const records = batch as (ImportRecord & { sourceId: string })[];
    // The same source id twice in one source: the first counts, the rest are skipped as duplicates.
    const seen = new Set<string>();
    const unique = records.filter((record) => (seen.has(record.sourceId) ? (this.skip(`${kind}: duplicate id in the source`), false) : seen.add(record.sourceId)));
    const existing = await this.alreadyImported(kind, unique.map((record) => record.sourceId));
    const fresh: { id: string; record: ImportRecord & { sourceId: string } }[] = [];
    for (const record of unique) {
      const target = existing.get(record.sourceId);
      if (target) {
        if ((PARENT_KINDS as readonly string[]).includes(kind)) this.ids[kind as ParentKind].set(record.sourceId, target);
        if (kind === "post") this.touchedPosts.add(target);
        this.skip(`${kind}: already imported`);
      } else fresh.push({ id: write.newId(), record });
    }
    await this.db.$transaction(async (tx) => {
      const written = await this.insert(tx, kind, fresh);
      if (written.length > 0) {
        await tx.importedRow.createMany({
          data: written.map(({ id, record }) => ({ source: this.run.source, kind, sourceId: record.sourceId, targetId: id, importId: this.run.importId })) as never,
        });
      }
      this.created(kind, written.length);
      this.done += batch.length;
      await this.onBatch(tx, this.done, this.counts);
    }, BATCH_TRANSACTION);
    if ((PARENT_KINDS as readonly string[]).includes(kind)) for (const { id, record } of fresh) this.ids[kind as ParentKind].set(record.sourceId, id);
  }

  private async insert(tx: ScopedTx, kind: ImportKind, fresh: { id: string; record: ImportRecord & { sourceId: string } }[]) {
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
        const authors = await this.people.resolve(rows.map(({ record }) => record.author));
        const kept = rows.flatMap((row, index) => {
          const boardId = this.parent("board", row.record.boardSourceId);
          if (!boardId) return [];
          return [{ ...row, boardId, authorId: authors[index] ?? null, roadmapItemId: this.parent("roadmap_item", row.record.roadmapItemSourceId) }];
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
        const authors = await this.people.resolve(rows.map(({ record }) => record.author));
        const kept = rows.flatMap((row, index) => {
          const postId = this.parent("post", row.record.postSourceId);
          return postId ? [{ ...row, postId, authorId: authors[index] ?? null }] : [];
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
      const id = write.newId();
      if (this.othersPosts.has(postId)) sourceIds.set(id, `${vote.postSourceId}|${userId}`);
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

  /** Vote and comment counts of every post the import touched, counted from the rows. */
  private async recountPosts(): Promise<void> {
    const ids = [...this.touchedPosts];
    for (let start = 0; start < ids.length; start += 5_000) {
      const slice = ids.slice(start, start + 5_000);
      const [votes, comments] = await Promise.all([
        this.db.vote.groupBy({ by: ["postId"], where: { postId: { in: slice } }, _count: { _all: true } }),
        this.db.comment.groupBy({ by: ["postId"], where: { postId: { in: slice }, hiddenAt: null }, _count: { _all: true } }),
      ]);
      const voteCount = new Map(votes.map((row) => [row.postId, row._count._all]));
      const commentCount = new Map(comments.map((row) => [row.postId, row._count._all]));
      const changes = new Map<string, string[]>();
      for (const id of slice) {
        const key = `${voteCount.get(id) ?? 0}:${commentCount.get(id) ?? 0}`;
        const group = changes.get(key) ?? [];
        group.push(id);
        changes.set(key, group);
      }
      // One update per distinct pair of counts, not per post: a large import has few distinct pairs.
      for (const [key, postIds] of changes) {
        const [v, c] = key.split(":").map(Number);
        await this.db.post.updateMany({ where: { id: { in: postIds } }, data: { voteCount: v, commentCount: c } });
      }
    }
  }
}
