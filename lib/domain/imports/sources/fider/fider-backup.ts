import { ArchiveError, zipLines } from "@/lib/platform/archive/zip-lines";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import type { SourceItem } from "../../records";
import { ImportSourceError } from "../../source-error";

// Fider's backup: a zip of its tables, one JSON array per table (posts.json, users.json,
// comments.json, post_votes.json, tags.json, post_tags.json, …), rows as the database has them.
// Real voters and commenters, with their addresses. Fider has one board.

const LIMITS = { maxEntries: 10_000, maxTotalBytes: 512 * 1024 * 1024, maxLineBytes: 256 * 1024 * 1024 };
const TABLES = new Set(["posts.json", "users.json", "comments.json", "post_votes.json", "tags.json", "post_tags.json"]);
// Fider's post status numbers.
const STATUSES: Record<number, PostStatus | null> = { 0: "open", 1: "in_progress", 2: "completed", 3: "closed", 4: "planned", 5: "closed", 6: null };

type Row = Record<string, unknown>;

async function tablesOf(chunks: AsyncIterable<Uint8Array>): Promise<Record<string, Row[]>> {
  const texts: Record<string, string> = {};
  try {
    for await (const line of zipLines(chunks, LIMITS)) {
      if (!TABLES.has(line.file)) continue;
      texts[line.file] = (texts[line.file] ?? "") + line.text + "\n";
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw new ImportSourceError("Fider backup", error.message);
    throw error;
  }
  if (!texts["posts.json"]) throw new ImportSourceError("Fider backup", "no posts.json: this is not a Fider backup (Administration → Export → Backup).");
  const tables: Record<string, Row[]> = {};
  for (const [file, text] of Object.entries(texts)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const position = /position (\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
      throw new ImportSourceError(`${file}${position ? `, character ${Number(position) + 1}` : ""}`, "not valid JSON.");
    }
    if (!Array.isArray(value)) throw new ImportSourceError(file, "not a list of rows.");
    tables[file] = value as Row[];
  }
  return tables;
}

const str = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const when = (value: unknown) => {
  const date = value ? new Date(String(value)) : null;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

export async function* fiderBackup(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<SourceItem> {
  const tables = await tablesOf(chunks);
  const users = new Map((tables["users.json"] ?? []).map((user) => [str(user.id), { email: str(user.email) || null, name: str(user.name) || null, sourceId: str(user.id) }]));
  const tagNames = new Map((tables["tags.json"] ?? []).map((tag) => [str(tag.id), str(tag.name)]));
  const tagsOf = new Map<string, string[]>();
  for (const link of tables["post_tags.json"] ?? []) {
    const name = tagNames.get(str(link.tag_id));
    if (name) tagsOf.set(str(link.post_id), [...(tagsOf.get(str(link.post_id)) ?? []), name]);
  }
  yield { kind: "board", sourceId: "fider", name: "Feedback" };
  const kept = new Set<string>();
  for (const post of tables["posts.json"]!) {
    const status = STATUSES[Number(post.status)];
    if (status === null) {
      yield { kind: "skip", reason: "post: deleted in Fider" };
      continue;
    }
    const id = str(post.id);
    kept.add(id);
    yield {
      kind: "post",
      sourceId: id,
      boardSourceId: "fider",
      title: str(post.title),
      body: str(post.description),
      status: status ?? "open",
      tags: tagsOf.get(id) ?? [],
      author: users.get(str(post.user_id)) ?? null,
      mergedIntoSourceId: post.original_id ? str(post.original_id) : null,
      createdAt: when(post.created_at),
    };
  }
  for (const vote of tables["post_votes.json"] ?? []) {
    const voter = users.get(str(vote.user_id));
    if (voter && kept.has(str(vote.post_id))) yield { kind: "vote", postSourceId: str(vote.post_id), voter, createdAt: when(vote.created_at) };
  }
  for (const comment of tables["comments.json"] ?? []) {
    if (comment.deleted_at) {
      yield { kind: "skip", reason: "comment: deleted in Fider" };
      continue;
    }
    yield { kind: "comment", sourceId: str(comment.id), postSourceId: str(comment.post_id), body: str(comment.content), author: users.get(str(comment.user_id)) ?? null, createdAt: when(comment.created_at) };
  }
  for (const post of tables["posts.json"]!) {
    if (!post.response || !kept.has(str(post.id))) continue;
    yield {
      kind: "comment",
      sourceId: `response:${str(post.id)}`,
      postSourceId: str(post.id),
      body: str(post.response),
      isTeamReply: true,
      author: users.get(str(post.response_user_id)) ?? null,
      createdAt: when(post.response_date),
    };
  }
}
