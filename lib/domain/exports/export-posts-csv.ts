import { stringify } from "csv-stringify/sync";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { pullStream } from "./archive-stream";
import { readInPages } from "./read-in-pages";

const COLUMNS = ["id", "title", "board", "status", "tags", "votes", "comments", "author_email", "author_name", "merged_into", "created_at", "details"] as const;

const POST_ROWS = {
  file: "posts.csv",
  from: "post" as const,
  columns: `id, title, body, status, tags, "voteCount", "commentCount", "mergedIntoId", "createdAt",
    (SELECT b.name FROM "Board" b WHERE b.id = "Post"."boardId") AS board,
    (SELECT u.email FROM "User" u WHERE u.id = "Post"."authorId") AS "authorEmail",
    (SELECT u.name FROM "User" u WHERE u.id = "Post"."authorId") AS "authorName"`,
};

type PostRow = {
  id: string;
  title: string;
  body: string;
  status: string;
  tags: string[];
  voteCount: number;
  commentCount: number;
  mergedIntoId: string | null;
  createdAt: Date;
  board: string | null;
  authorEmail: string | null;
  authorName: string | null;
};

// A spreadsheet runs a cell that starts with one of these as a formula; a leading apostrophe keeps
// a post titled "=HYPERLINK(…)" as text.
function cell(value: string | null): string {
  if (!value) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const encoder = new TextEncoder();

async function* csvBytes(actor: WorkspaceActor): AsyncGenerator<Uint8Array> {
  // A BOM so spreadsheet programs read the file as UTF-8.
  yield encoder.encode(`\uFEFF${stringify([COLUMNS as unknown as string[]], { record_delimiter: "\r\n" })}`);
  for await (const rows of readInPages(actor.db, POST_ROWS)) {
    const records = (rows as PostRow[]).map((post) => [
      post.id,
      cell(post.title),
      cell(post.board),
      post.status,
      cell(post.tags.join(", ")),
      String(post.voteCount),
      String(post.commentCount),
      cell(post.authorEmail),
      cell(post.authorName),
      post.mergedIntoId ?? "",
      post.createdAt.toISOString(),
      cell(post.body),
    ]);
    yield encoder.encode(stringify(records, { record_delimiter: "\r\n" }));
  }
}

/** One row per post with its counts, status and tags, for spreadsheets; streamed like the archive. */
export function exportPostsCsv(actor: WorkspaceActor, now = new Date()): { filename: string; stream: ReadableStream<Uint8Array> } {
  authorize(actor, "settings.manage", "export the workspace");
  return { filename: `posts-${now.toISOString().slice(0, 10)}.csv`, stream: pullStream(csvBytes(actor)) };
}
