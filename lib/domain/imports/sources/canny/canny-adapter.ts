import { z } from "zod";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import type { ImportAdapter } from "../../adapter";
import type { SourceItem } from "../../records";
import { cannyCall, cannyList, type CannyBoard, type CannyComment, type CannyEntry, type CannyPost, type CannyVote } from "./canny-api";

// Canny, read through its API with the admin's key: boards, posts with their status and tags,
// votes, comments (internal ones as hidden), changelog entries. Status names Canny lets a company
// define beyond its own six come in as "open" and are counted in the preview.

const STATUSES: Record<string, PostStatus> = {
  open: "open",
  "under review": "under_review",
  planned: "planned",
  "in progress": "in_progress",
  complete: "completed",
  completed: "completed",
  closed: "closed",
};

const date = (value: string | null | undefined) => (value ? new Date(value) : undefined);
const person = (user: { id?: string; name?: string | null; email?: string | null } | null | undefined) =>
  user ? { email: user.email ?? null, name: user.name ?? null, sourceId: user.id ?? null } : null;

export const cannyOptions = z.strictObject({ apiKey: z.string().trim().min(10, "Paste the API key from Canny's settings.").max(200) });
type CannyOptions = z.infer<typeof cannyOptions>;

async function* read({ options }: { options: CannyOptions }): AsyncGenerator<SourceItem> {
  const { apiKey } = options;
  const { boards } = await cannyCall<{ boards: CannyBoard[] }>(apiKey, "boards/list");
  for (const board of boards) {
    yield { kind: "board", sourceId: board.id, name: board.name, isPublic: !board.isPrivate, createdAt: date(board.created) };
  }
  for (const board of boards) {
    for await (const post of cannyList<CannyPost>(apiKey, "posts/list", "posts", { boardID: board.id })) {
      const name = (post.status ?? "open").toLowerCase();
      const status = STATUSES[name];
      if (!status) yield { kind: "skip", reason: `post: status "${post.status}" has no equivalent here; imported as open` };
      yield {
        kind: "post",
        sourceId: post.id,
        boardSourceId: post.board?.id ?? board.id,
        title: post.title,
        body: post.details ?? "",
        status: status ?? "open",
        tags: (post.tags ?? []).map((tag) => tag.name),
        author: person(post.author),
        createdAt: date(post.created),
      };
    }
  }
  for (const board of boards) {
    for await (const vote of cannyList<CannyVote>(apiKey, "votes/list", "votes", { boardID: board.id })) {
      const voter = person(vote.voter);
      if (voter) yield { kind: "vote", postSourceId: vote.post.id, voter, createdAt: date(vote.created) };
      else yield { kind: "skip", reason: "vote: no voter" };
    }
  }
  for (const board of boards) {
    for await (const comment of cannyList<CannyComment>(apiKey, "comments/list", "comments", { boardID: board.id })) {
      yield {
        kind: "comment",
        sourceId: comment.id,
        postSourceId: comment.post.id,
        body: comment.value ?? "",
        author: person(comment.author),
        // Internal notes were for the team only: kept, hidden from the portal.
        hiddenAt: comment.internal || comment.private ? (date(comment.created) ?? new Date()) : null,
        createdAt: date(comment.created),
      };
    }
  }
  for await (const entry of cannyList<CannyEntry>(apiKey, "entries/list", "entries")) {
    const published = entry.status === "published" || entry.status === "scheduled";
    yield {
      kind: "release_note",
      sourceId: entry.id,
      title: entry.title,
      body: entry.markdownDetails ?? entry.plaintextDetails ?? "",
      status: published ? "published" : "draft",
      publishedAt: published ? (date(entry.publishedAt) ?? date(entry.created)) : null,
      postSourceIds: (entry.posts ?? []).map((post) => post.id),
      createdAt: date(entry.created),
    };
  }
}

export const cannyAdapter: ImportAdapter<CannyOptions> = {
  source: "canny",
  label: "Canny (API key)",
  options: cannyOptions,
  secretOptions: ["apiKey"],
  needsFile: false,
  async validate({ options }) {
    // The cheapest call that proves the key.
    await cannyCall(options.apiKey, "boards/list");
  },
  read,
};
