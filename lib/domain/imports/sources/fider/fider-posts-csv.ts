import type { PostStatus } from "@/lib/generated/prisma/enums";
import { csvRows } from "../../csv-rows";
import type { SourceItem } from "../../records";
import { PostRowReader } from "../csv/post-rows";

// Fider's "Export posts" CSV: number, title, description, created_at, created_by, votes_count,
// comments_count, status, responded_by, responded_at, response, original_number, original_title,
// tags. Votes come as counts (anonymous voters); the team's response becomes a team reply.

export const FIDER_STATUSES: Record<string, PostStatus> = {
  open: "open",
  started: "in_progress",
  completed: "completed",
  declined: "closed",
  planned: "planned",
  duplicate: "closed",
};

const FILE = "posts.csv";

export async function* fiderPostsCsv(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<SourceItem> {
  const reader = new PostRowReader({
    source: "fider",
    file: FILE,
    columns: { id: "number", title: "title", details: "description", createdAt: "created_at", authorName: "created_by", votes: "votes_count", status: "status", tags: "tags", mergedInto: "original_number" },
    statuses: FIDER_STATUSES,
    defaultBoard: "Feedback",
    tagSeparator: /,/,
  });
  const responses: SourceItem[] = [];
  for await (const row of csvRows(FILE, chunks, ["number", "title", "status"])) {
    yield* reader.read(row);
    const response = row.cells.response?.trim();
    if (response) {
      const at = row.cells.responded_at ? new Date(row.cells.responded_at) : undefined;
      responses.push({
        kind: "comment",
        sourceId: `response:${row.cells.number}`,
        postSourceId: row.cells.number!.trim(),
        body: response,
        isTeamReply: true,
        author: row.cells.responded_by ? { name: row.cells.responded_by, sourceId: row.cells.responded_by } : null,
        createdAt: at && !Number.isNaN(at.getTime()) ? at : undefined,
      });
    }
  }
  yield* reader.votes();
  yield* responses;
}
