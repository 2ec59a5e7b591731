import { unzipSync, strFromU8 } from "fflate";
import { db } from "@/lib/platform/db/client";
import { createTestUser } from "../support/api";

// A workspace with a little of everything, for export and import tests.
export async function seedEverything(workspaceId: string) {
  const alice = await createTestUser("alice");
  const bob = await createTestUser("bob");
  const ideas = await db.board.create({ data: { workspaceId, name: "Ideas", slug: "ideas", description: "All ideas" } });
  const bugs = await db.board.create({ data: { workspaceId, name: "Bugs", slug: "bugs", isPublic: false } });
  const item = await db.roadmapItem.create({ data: { workspaceId, title: "Dark mode", stage: "in_progress", position: 2 } });
  const dark = await db.post.create({
    data: { workspaceId, boardId: ideas.id, authorId: alice.id, roadmapItemId: item.id, title: "Dark mode, please", body: "Eyes hurt", status: "planned", tags: ["ui", "theme"] },
  });
  const duplicate = await db.post.create({ data: { workspaceId, boardId: ideas.id, authorId: bob.id, title: "Night theme", status: "closed" } });
  await db.post.update({ where: { id: duplicate.id }, data: { mergedIntoId: dark.id, mergedAt: new Date("2026-01-02T00:00:00Z") } });
  const crash = await db.post.create({ data: { workspaceId, boardId: bugs.id, title: "=cmd|' /C calc'!A0", body: "line one\nline two, with \"quotes\"" } });
  await db.vote.createMany({ data: [{ workspaceId, postId: dark.id, userId: alice.id }, { workspaceId, postId: dark.id, userId: bob.id }, { workspaceId, postId: crash.id, userId: bob.id }] });
  await db.comment.createMany({
    data: [
      { workspaceId, postId: dark.id, authorId: bob.id, body: "+1 from me" },
      { workspaceId, postId: dark.id, authorId: alice.id, body: "We are on it", isTeamReply: true },
      { workspaceId, postId: dark.id, authorId: bob.id, body: "spam", hiddenAt: new Date("2026-01-03T00:00:00Z") },
    ],
  });
  await db.post.update({ where: { id: dark.id }, data: { voteCount: 2, commentCount: 2 } });
  await db.post.update({ where: { id: crash.id }, data: { voteCount: 1 } });
  const note = await db.releaseNote.create({ data: { workspaceId, title: "v2", body: "Dark mode ships", status: "published", publishedAt: new Date("2026-02-01T00:00:00Z") } });
  await db.releaseNotePost.create({ data: { workspaceId, releaseNoteId: note.id, postId: dark.id } });
  const api = await db.statusComponent.create({ data: { workspaceId, name: "API", position: 0 } });
  const web = await db.statusComponent.create({ data: { workspaceId, name: "Website", position: 1, status: "degraded_performance" } });
  await db.componentStatusChange.createMany({
    data: [
      { workspaceId, componentId: web.id, fromStatus: "operational", toStatus: "major_outage", at: new Date("2026-02-10T10:00:00Z") },
      { workspaceId, componentId: web.id, fromStatus: "major_outage", toStatus: "degraded_performance", at: new Date("2026-02-10T11:30:00Z") },
      { workspaceId, componentId: api.id, fromStatus: "operational", toStatus: "partial_outage", at: new Date("2026-03-01T00:00:00Z") },
    ],
  });
  const incident = await db.incident.create({ data: { workspaceId, title: "API errors", status: "resolved", impact: "major", resolvedAt: new Date("2026-03-01T02:00:00Z"), createdAt: new Date("2026-03-01T00:00:00Z") } });
  await db.incidentComponent.create({ data: { workspaceId, incidentId: incident.id, componentId: api.id } });
  await db.incidentUpdate.createMany({
    data: [
      { workspaceId, incidentId: incident.id, status: "investigating", impact: "major", message: "Looking", createdAt: new Date("2026-03-01T00:00:00Z") },
      { workspaceId, incidentId: incident.id, status: "resolved", impact: "major", message: "Fixed", createdAt: new Date("2026-03-01T02:00:00Z") },
    ],
  });
  const window = await db.maintenance.create({ data: { workspaceId, title: "DB upgrade", startsAt: new Date("2030-01-01T00:00:00Z"), endsAt: new Date("2030-01-01T01:00:00Z") } });
  await db.maintenanceComponent.create({ data: { workspaceId, maintenanceId: window.id, componentId: web.id } });
  const list = await db.todoList.create({ data: { workspaceId, name: "Launch" } });
  await db.todoItem.createMany({ data: [{ workspaceId, listId: list.id, title: "Write post" }, { workspaceId, listId: list.id, title: "Ship", completedAt: new Date("2026-01-05T00:00:00Z") }] });
  await db.subscriber.createMany({
    data: [
      { workspaceId, topic: "STATUS", email: "fan@example.com", componentIds: [api.id], confirmedAt: new Date("2026-01-01T00:00:00Z"), manageTokenHash: `m-${workspaceId}-1` },
      { workspaceId, topic: "CHANGELOG", email: "maybe@example.com", manageTokenHash: `m-${workspaceId}-2` },
    ],
  });
  await db.webhookEndpoint.create({ data: { workspaceId, url: "https://hooks.example.com/x", secretEncrypted: "sealed" } });
  return { alice, bob };
}

export async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function* chunked(bytes: Uint8Array, size = 7_000): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}

/** The archive's files, each as parsed rows (manifest and workspace.json as one object). */
export function readArchive(bytes: Uint8Array): Record<string, unknown> {
  const files = unzipSync(bytes);
  const out: Record<string, unknown> = {};
  for (const [name, data] of Object.entries(files)) {
    const text = strFromU8(data);
    out[name] = name.endsWith(".jsonl") ? text.split("\n").filter(Boolean).map((line) => JSON.parse(line)) : JSON.parse(text);
  }
  return out;
}

type Row = Record<string, unknown>;

/**
 * The archive's content with every id replaced by what it points at (a board's name, a post's
 * title), so two exports of the same content in different workspaces compare equal.
 */
export function contentOf(archive: Record<string, unknown>) {
  const rows = (file: string) => (archive[file] as Row[]) ?? [];
  const name = (file: string, key: string) => new Map(rows(file).map((row) => [row.id as string, row[key] as string]));
  const boards = name("boards.jsonl", "name");
  const posts = name("posts.jsonl", "title");
  const items = name("roadmap_items.jsonl", "title");
  const components = name("status_components.jsonl", "name");
  const incidents = name("incidents.jsonl", "title");
  const lists = name("todo_lists.jsonl", "name");
  const strip = (row: Row, drop: string[], refs: Record<string, (value: unknown) => unknown> = {}) => {
    const copy: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (key === "id" || drop.includes(key)) continue;
      copy[key] = refs[key] ? refs[key](value) : value;
    }
    return copy;
  };
  const sort = (list: Row[]) => list.map((row) => JSON.stringify(row)).sort();
  const many = (map: Map<string, string>) => (value: unknown) => (value as string[]).map((id) => map.get(id)).sort();
  return {
    boards: sort(rows("boards.jsonl").map((row) => strip(row, ["createdAt"]))),
    roadmap: sort(rows("roadmap_items.jsonl").map((row) => strip(row, ["createdAt"]))),
    posts: sort(rows("posts.jsonl").map((row) => strip(row, [], { boardId: (v) => boards.get(v as string), roadmapItemId: (v) => items.get(v as string) ?? null, mergedIntoId: (v) => posts.get(v as string) ?? null }))),
    votes: sort(rows("votes.jsonl").map((row) => strip(row, ["createdAt"], { postId: (v) => posts.get(v as string) }))),
    comments: sort(rows("comments.jsonl").map((row) => strip(row, [], { postId: (v) => posts.get(v as string) }))),
    releaseNotes: sort(rows("release_notes.jsonl").map((row) => strip(row, [], { postIds: many(posts) }))),
    components: sort(rows("status_components.jsonl").map((row) => strip(row, ["createdAt"]))),
    statusChanges: sort(rows("status_changes.jsonl").map((row) => strip(row, [], { componentId: (v) => components.get(v as string) }))),
    incidents: sort(rows("incidents.jsonl").map((row) => strip(row, [], { componentIds: many(components) }))),
    updates: sort(rows("incident_updates.jsonl").map((row) => strip(row, [], { incidentId: (v) => incidents.get(v as string) }))),
    maintenances: sort(rows("maintenances.jsonl").map((row) => strip(row, [], { componentIds: many(components) }))),
    todoLists: sort(rows("todo_lists.jsonl").map((row) => strip(row, []))),
    todoItems: sort(rows("todo_items.jsonl").map((row) => strip(row, [], { listId: (v) => lists.get(v as string) }))),
    subscribers: sort(rows("subscribers.jsonl").map((row) => strip(row, [], { componentIds: many(components) }))),
  };
}
