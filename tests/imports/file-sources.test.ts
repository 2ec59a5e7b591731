import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { confirmImport } from "@/lib/domain/imports/confirm-import";
import { getImport } from "@/lib/domain/imports/get-import";
import { maxUploadBytes, startImport, UPLOAD_LIMITS } from "@/lib/domain/imports/start-import";
import { previewImport, runImport } from "@/lib/domain/imports/run-import";
import type { WorkspaceActor } from "@/lib/domain/access/actor";
import { seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";
import { chunked } from "./archive-fixture";

async function owner() {
  const tenant = await seedTenant({ plan: "PRO" });
  return actorOf(tenant, tenant.owner);
}

const bytes = (text: string) => new TextEncoder().encode(text);

async function importFile(actor: WorkspaceActor, source: string, file: Uint8Array, options: Record<string, unknown> = {}) {
  const started = await startImport(actor, { source, options }, chunked(file, 64));
  await previewImport(actor.workspaceId, started.id);
  const previewed = await getImport(actor, started.id);
  if (previewed.state !== "previewed") return { previewed, done: previewed };
  await confirmImport(actor, started.id);
  await runImport(actor.workspaceId, started.id);
  return { previewed, done: await getImport(actor, started.id) };
}

const MAPPING = { columns: { title: "Title", details: "Details", status: "State", votes: "Votes", authorEmail: "Email", createdAt: "Created", tags: "Tags", board: "Board" }, statuses: { "Needs info": "under_review" } };

describe("a CSV of posts, with a column mapping", () => {
  it("reads a BOM, Windows line ends and newlines inside quotes; maps statuses by hand; turns vote counts into votes", async () => {
    const actor = await owner();
    const csv = '\uFEFFTitle,Details,State,Votes,Email,Created,Tags,Board\r\nExport to PDF,"Two\r\nlines",Needs info,3,pat@example.com,2024-01-02,"pdf; export",Ideas\r\n"Quote ""this""",,in progress,0,,,,Bugs\r\nMystery,,Someday,1,,,,\r\n';
    const { previewed, done } = await importFile(actor, "csv", bytes(csv), MAPPING);
    expect(previewed.preview).toMatchObject({ create: { board: 3, post: 3, vote: 4 } });
    expect(previewed.preview?.skip["post: status “Someday” is not mapped; imported as open"]).toBe(1);
    expect(done.state).toBe("completed");
    const posts = await db.post.findMany({ where: { workspaceId: actor.workspaceId }, include: { board: true, author: true }, orderBy: { title: "asc" } });
    expect(posts.map((post) => [post.title, post.board.name, post.status, post.voteCount])).toEqual([
      ["Export to PDF", "Ideas", "under_review", 3],
      ["Mystery", "Imported", "open", 1],
      ['Quote "this"', "Bugs", "in_progress", 0],
    ]);
    expect(posts[0]).toMatchObject({ body: "Two\nlines", tags: ["pdf", "export"] });
    expect(posts[0]!.author?.email).toBe("pat@example.com");
    // Again: nothing twice.
    await importFile(actor, "csv", bytes(csv), MAPPING);
    expect(await db.post.count({ where: { workspaceId: actor.workspaceId } })).toBe(3);
    expect(await db.vote.count({ where: { workspaceId: actor.workspaceId } })).toBe(4);
  });

  it("UTF-16 with its BOM is read; another encoding is refused at its line and column", async () => {
    const actor = await owner();
    const utf16 = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Title\r\nÜber\r\n", "utf16le")]));
    const { done } = await importFile(actor, "csv", utf16, { columns: { title: "Title" } });
    expect(done.state).toBe("completed");
    expect(await db.post.findFirst({ where: { workspaceId: actor.workspaceId }, select: { title: true } })).toEqual({ title: "Über" });
    const latin1 = new Uint8Array(Buffer.from("Title\r\nok\r\nCaf\xe9 menu\r\n", "latin1"));
    const refused = await expectApiError(startImport(await owner(), { source: "csv", options: { columns: { title: "Title" } } }, chunked(latin1)), "VALIDATION_ERROR");
    expect(refused.message).toMatch(/^the CSV, line 3, column 4: not UTF-8 text/);
  });

  it("a missing column, a broken quote, a bad date and a bad vote count are named by line and column", async () => {
    const actor = await owner();
    const missing = await expectApiError(startImport(actor, { source: "csv", options: MAPPING }, chunked(bytes("Title,Votes\nA,1\n"))), "VALIDATION_ERROR");
    expect(missing.message).toBe("the CSV, line 1: no column “Board”, “Created”, “Details”, “Email”, “State”, “Tags” (the header has “Title”, “Votes”).");
    const quote = await importFile(actor, "csv", bytes('Title,Votes\nA,1\nB,"2\n'), { columns: { title: "Title", votes: "Votes" } });
    expect(quote.done.error).toBe("the CSV, line 3, column “Votes”: a quote is opened and never closed.");
    const date = await importFile(actor, "csv", bytes("Title,Created\nA,yesterday\n"), { columns: { title: "Title", createdAt: "Created" } });
    expect(date.done.error).toBe("the CSV, line 2, column “Created”: “yesterday” is not a date (use 2024-03-01 or 2024-03-01T10:00:00Z).");
    const votes = await importFile(actor, "csv", bytes("Title,Votes\nA,many\n"), { columns: { title: "Title", votes: "Votes" } });
    expect(votes.done.error).toBe("the CSV, line 2, column “Votes”: “many” is not a whole number of votes.");
  });

  it("a mapping without a title column and an unknown status target are refused before upload is kept", async () => {
    const actor = await owner();
    const refused = await expectApiError(startImport(actor, { source: "csv", options: { columns: {}, statuses: { x: "done" } } }, chunked(bytes("a\n1\n"))), "VALIDATION_ERROR");
    expect(refused.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(["options.columns.title", "options.statuses.x"]));
  });

  it("a CSV over the limit (50 MiB) is refused while it uploads, and nothing of it is kept", async () => {
    expect(maxUploadBytes("csv")).toBe(50 * 1024 * 1024);
    expect(maxUploadBytes("fider")).toBe(50 * 1024 * 1024);
    const actor = await owner();
    // The same path at a scale a test can afford: 3 MiB against a 2 MiB limit.
    UPLOAD_LIMITS.spreadsheetBytes = 2 * 1024 * 1024;
    try {
      async function* huge() {
        for (let n = 0; n < 3; n += 1) yield new Uint8Array(1024 * 1024).fill(0x78);
      }
      const error = await expectApiError(startImport(actor, { source: "csv", options: { columns: { title: "Title" } } }, huge()), "PAYLOAD_TOO_LARGE");
      expect(error.message).toBe("The file is larger than 2 MiB.");
    } finally {
      UPLOAD_LIMITS.spreadsheetBytes = 50 * 1024 * 1024;
    }
    expect(await db.importFileChunk.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
    expect(await db.importRun.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });
});

describe("Fider", () => {
  it("its posts CSV: statuses, tags, vote counts, duplicates merged, the team's response as a reply", async () => {
    const actor = await owner();
    const csv =
      "number,title,description,created_at,created_by,votes_count,comments_count,status,responded_by,responded_at,response,original_number,original_title,tags\n" +
      '10,Go is fast,Very tiny description,2018-03-23T19:33:22Z,Faceless,4,2,declined,John Snow,2018-04-04T19:48:10Z,Nothing we need to do,,,"easy, ignored"\n' +
      "15,Go is great,,2018-02-21T15:51:35Z,Someone else,2,2,started,,,,,,\n" +
      "20,Go is easy,,2018-01-12T01:46:59Z,Faceless,1,2,duplicate,Arya Stark,2018-03-17T10:15:42Z,Already suggested,15,Go is great,\n";
    const { done } = await importFile(actor, "fider", bytes(csv));
    expect(done.state).toBe("completed");
    const posts = await db.post.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: { title: "asc" } });
    expect(posts.map((post) => [post.title, post.status, post.voteCount, post.tags])).toEqual([
      ["Go is easy", "closed", 1, []],
      ["Go is fast", "closed", 4, ["easy", "ignored"]],
      ["Go is great", "in_progress", 2, []],
    ]);
    expect(posts[0]!.mergedIntoId).toBe(posts[2]!.id);
    const reply = await db.comment.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, postId: posts[1]!.id } });
    expect(reply).toMatchObject({ body: "Nothing we need to do", isTeamReply: true });
  });

  it("its backup: real voters and commenters with their addresses; deleted posts and comments left out", async () => {
    const actor = await owner();
    const json = (rows: unknown[]) => strToU8(JSON.stringify(rows));
    const backup = zipSync({
      "comments.json": json([
        { id: 1, content: "Yes please", post_id: 7, user_id: 2, created_at: "2023-01-02T00:00:00Z", deleted_at: null },
        { id: 2, content: "spam", post_id: 7, user_id: 2, created_at: "2023-01-02T00:00:00Z", deleted_at: "2023-01-03T00:00:00Z" },
      ]),
      "posts.json": json([
        { id: 7, number: 1, title: "Dark mode", description: "Please", user_id: 1, created_at: "2023-01-01T00:00:00Z", status: 4, response: "On the roadmap", response_user_id: 1, response_date: "2023-01-05T00:00:00Z" },
        { id: 8, number: 2, title: "Gone", description: "", user_id: 1, created_at: "2023-01-01T00:00:00Z", status: 6 },
      ]),
      "post_votes.json": json([
        { user_id: 1, post_id: 7, created_at: "2023-01-01T00:00:00Z" },
        { user_id: 2, post_id: 7, created_at: "2023-01-01T00:00:00Z" },
      ]),
      "tags.json": json([{ id: 3, name: "ui" }]),
      "post_tags.json": json([{ post_id: 7, tag_id: 3 }]),
      "users.json": json([
        { id: 1, name: "Fiona Admin", email: "fiona@example.com" },
        { id: 2, name: "Victor Voter", email: "victor@example.com" },
      ]),
    });
    const { previewed, done } = await importFile(actor, "fider", backup);
    expect(previewed.preview?.skip).toMatchObject({ "post: deleted in Fider": 1, "comment: deleted in Fider": 1 });
    expect(done.state).toBe("completed");
    const post = await db.post.findFirstOrThrow({ where: { workspaceId: actor.workspaceId }, include: { author: true } });
    expect(post).toMatchObject({ title: "Dark mode", status: "planned", tags: ["ui"], voteCount: 2, commentCount: 2 });
    expect(post.author?.email).toBe("fiona@example.com");
    expect(await db.vote.count({ where: { postId: post.id, user: { email: "victor@example.com" } } })).toBe(1);
  });

  it("a zip that is not a Fider backup", async () => {
    const actor = await owner();
    const error = await expectApiError(startImport(actor, { source: "fider" }, chunked(zipSync({ "readme.txt": strToU8("hi") }))), "VALIDATION_ERROR");
    expect(error.message).toBe("Fider backup: no posts.json: this is not a Fider backup (Administration → Export → Backup).");
  });
});
