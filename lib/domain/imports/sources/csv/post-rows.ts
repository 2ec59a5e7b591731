import { createHash } from "node:crypto";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import type { CsvRow } from "../../csv-rows";
import type { SourceItem } from "../../records";
import { ImportSourceError } from "../../source-error";

// Rows of a spreadsheet of posts, whichever product wrote it, into records: the columns each field
// comes from, and status names translated by the admin's table (or by their own name when it is
// one of ours). Shared by the generic CSV and Fider's posts CSV.

export const POST_STATUS_NAMES: readonly PostStatus[] = ["open", "under_review", "planned", "in_progress", "completed", "closed"];
const MAX_SYNTHETIC_VOTES = 1_000;

export interface PostColumns {
  title: string;
  id?: string;
  details?: string;
  status?: string;
  votes?: string;
  authorEmail?: string;
  authorName?: string;
  createdAt?: string;
  tags?: string;
  board?: string;
  mergedInto?: string;
}

export interface PostRowsOptions {
  source: string;
  file: string;
  columns: PostColumns;
  /** Source status name (lower case) → ours. */
  statuses: Record<string, PostStatus>;
  defaultBoard: string;
  /** How a tags cell is split. */
  tagSeparator?: RegExp;
}

function statusOf(name: string, statuses: Record<string, PostStatus>): PostStatus | null {
  const key = name.trim().toLowerCase();
  if (!key) return "open";
  if (statuses[key]) return statuses[key]!;
  const ours = key.replace(/[\s-]+/g, "_");
  return (POST_STATUS_NAMES as readonly string[]).includes(ours) ? (ours as PostStatus) : null;
}

/**
 * Turns each row into a board (when first named) and a post; a vote count becomes anonymous votes
 * once every post is read (`votes()`), so posts and votes are each written in large batches.
 */
export class PostRowReader {
  private readonly boards = new Set<string>();
  private readonly voteCounts: [string, number, Date | undefined][] = [];
  constructor(private readonly options: PostRowsOptions) {}

  *read(row: CsvRow): Generator<SourceItem> {
    const { columns, file, statuses } = this.options;
    const cell = (column: string | undefined) => (column ? (row.cells[column] ?? "").trim() : "");
    const where = (column: string) => `${file}, line ${row.line}, column “${column}”`;
    const title = cell(columns.title);
    if (!title) {
      yield { kind: "skip", reason: "post: no title" };
      return;
    }
    const boardName = cell(columns.board) || this.options.defaultBoard;
    const boardId = `board:${boardName.toLowerCase()}`;
    if (!this.boards.has(boardId)) {
      this.boards.add(boardId);
      yield { kind: "board", sourceId: boardId, name: boardName };
    }
    let createdAt: Date | undefined;
    const created = cell(columns.createdAt);
    if (created) {
      createdAt = new Date(created);
      if (Number.isNaN(createdAt.getTime())) throw new ImportSourceError(where(columns.createdAt!), `“${created}” is not a date (use 2024-03-01 or 2024-03-01T10:00:00Z).`);
    }
    const statusName = cell(columns.status);
    const status = statusOf(statusName, statuses);
    if (!status) yield { kind: "skip", reason: `post: status “${statusName}” is not mapped; imported as open` };
    const sourceId = cell(columns.id) || createHash("sha256").update(`${boardName}\0${title}\0${created}`).digest("hex").slice(0, 32);
    const email = cell(columns.authorEmail);
    const name = cell(columns.authorName);
    yield {
      kind: "post",
      sourceId,
      boardSourceId: boardId,
      title,
      body: cell(columns.details),
      status: status ?? "open",
      tags: cell(columns.tags)
        .split(this.options.tagSeparator ?? /[,;]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
      author: email || name ? { email: email || null, name: name || null, sourceId: name || null } : null,
      mergedIntoSourceId: cell(columns.mergedInto) || null,
      createdAt,
    };
    const votes = cell(columns.votes);
    if (!votes) return;
    const count = Number(votes);
    if (!Number.isInteger(count) || count < 0) throw new ImportSourceError(where(columns.votes!), `“${votes}” is not a whole number of votes.`);
    if (count > 0) this.voteCounts.push([sourceId, count, createdAt]);
  }

  /** A count without voters: anonymous voters, one per vote, each an unclaimed account of its own. */
  *votes(): Generator<SourceItem> {
    for (const [postSourceId, count, createdAt] of this.voteCounts) {
      for (let n = 0; n < Math.min(count, MAX_SYNTHETIC_VOTES); n += 1) {
        yield { kind: "vote", postSourceId, voter: { sourceId: `${postSourceId}#${n}`, name: "Anonymous voter" }, createdAt };
      }
      if (count > MAX_SYNTHETIC_VOTES) yield { kind: "skip", reason: `vote: more than ${MAX_SYNTHETIC_VOTES} on one post without voters` };
    }
  }
}
