import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { confirmImport } from "@/lib/domain/imports/confirm-import";
import { getImport } from "@/lib/domain/imports/get-import";
import { previewImport, runImport } from "@/lib/domain/imports/run-import";
import { RETRY_POLICY } from "@/lib/domain/imports/source-http";
import { startImport } from "@/lib/domain/imports/start-import";
import { getPublicStatus } from "@/lib/domain/status/get-public-status";
import { scopedDb } from "@/lib/platform/db/scoped";
import { performUndo, undoImport } from "@/lib/domain/imports/undo-import";
import type { WorkspaceActor } from "@/lib/domain/access/actor";
import { createTestUser, seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";
import { CANNY_KEY, cannyWorkspace, startFakeCanny } from "../support/fake-canny";
import type { FakeServer } from "../support/fake-source-server";
import { STATUSPAGE_KEY, STATUSPAGE_PAGE, startFakeStatuspage, statuspageData } from "../support/fake-statuspage";

let canny: FakeServer;
let statuspage: FakeServer;

beforeAll(async () => {
  canny = await startFakeCanny(cannyWorkspace(250));
  statuspage = await startFakeStatuspage(statuspageData(130));
  process.env.CANNY_API_URL = `${canny.url}/api/v1`;
  process.env.STATUSPAGE_API_URL = `${statuspage.url}/v1`;
  RETRY_POLICY.baseDelayMs = 10;
  RETRY_POLICY.attempts = 4;
});
afterAll(async () => {
  await canny.close();
  await statuspage.close();
});
beforeEach(() => {
  canny.rateLimit([]);
  canny.drop([]);
  canny.heal();
  statuspage.rateLimit([]);
});

async function owner() {
  const tenant = await seedTenant({ plan: "PRO" });
  return actorOf(tenant, tenant.owner);
}

async function previewAndRun(actor: WorkspaceActor, input: Parameters<typeof startImport>[1]) {
  const started = await startImport(actor, input);
  await previewImport(actor.workspaceId, started.id);
  const previewed = await getImport(actor, started.id);
  await confirmImport(actor, started.id);
  await runImport(actor.workspaceId, started.id);
  return { previewed, done: await getImport(actor, started.id) };
}

/** Asks for the undo, then runs its job as the worker would. */
async function undoNow(actor: WorkspaceActor, importId: string) {
  expect((await undoImport(actor, importId)).state).toBe("undoing");
  await performUndo(actor.workspaceId, importId);
  expect((await getImport(actor, importId)).state).toBe("undone");
}

const count = (workspaceId: string) =>
  Promise.all([db.board.count({ where: { workspaceId } }), db.post.count({ where: { workspaceId } }), db.vote.count({ where: { workspaceId } }), db.comment.count({ where: { workspaceId } })]);

describe("Canny, through its API", () => {
  it("imports boards, posts with status and tags, votes, comments and changelog entries, page by page", async () => {
    const actor = await owner();
    const { previewed, done } = await previewAndRun(actor, { source: "canny", options: { apiKey: CANNY_KEY } });
    expect(previewed.preview).toMatchObject({ create: { board: 1, post: 250, comment: 2, release_note: 1 }, people: { total: 3 } });
    expect(previewed.preview?.skip['post: status "Needs Info" has no equivalent here; imported as open']).toBe(41);
    expect(done.state).toBe("completed");
    const data = cannyWorkspace(250);
    expect(await count(actor.workspaceId)).toEqual([1, 250, data.votes.length, 2]);
    const slack = await db.post.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, title: "Slack integration" }, include: { author: true } });
    expect(slack).toMatchObject({ status: "open", tags: ["integrations"], voteCount: 1, commentCount: 1, body: "Details of idea 1" });
    expect(slack.author).toMatchObject({ email: "ada.voter@example.com", name: "Ada Voter", passwordHash: null, emailVerifiedAt: null });
    expect(await db.comment.count({ where: { workspaceId: actor.workspaceId, hiddenAt: { not: null } } })).toBe(1);
    const note = await db.releaseNote.findFirstOrThrow({ where: { workspaceId: actor.workspaceId }, include: { posts: true } });
    expect(note).toMatchObject({ title: "Slack is here", status: "published" });
    expect(note.posts).toHaveLength(1);
    // Posts were read 100 at a time, as the API pages them.
    expect(canny.requests.filter((request) => request.path === "/api/v1/posts/list").map((request) => request.body.skip)).toEqual(expect.arrayContaining([0, 100, 200]));
  });

  it("a person Canny knows without an address keeps their name, on an account no mail reaches", async () => {
    const actor = await owner();
    await previewAndRun(actor, { source: "canny", options: { apiKey: CANNY_KEY } });
    const bob = await db.post.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, title: "Canny idea 3" }, include: { author: true } });
    expect(bob.author?.name).toBe("Anonymous Bob");
    expect(bob.author?.email).toMatch(/^canny-[0-9a-f]{20}@imported\.invalid$/);
  });

  it("a wrong API key is refused at once, naming the request", async () => {
    const actor = await owner();
    const error = await expectApiError(startImport(actor, { source: "canny", options: { apiKey: "wrong-key-000000" } }), "VALIDATION_ERROR");
    expect(error.message).toBe(`POST ${canny.url}/api/v1/boards/list: 401, the API key was refused: invalid api key.`);
    expect(JSON.stringify(await db.importRun.findMany({ where: { workspaceId: actor.workspaceId } }))).toBe("[]");
  });

  it("429 with Retry-After and dropped connections mid-import are retried; nothing is doubled", async () => {
    const actor = await owner();
    const started = await startImport(actor, { source: "canny", options: { apiKey: CANNY_KEY } });
    await previewImport(actor.workspaceId, started.id);
    await confirmImport(actor, started.id);
    canny.rateLimit([3]);
    canny.drop([5, 6]);
    await runImport(actor.workspaceId, started.id);
    expect((await getImport(actor, started.id)).state).toBe("completed");
    expect(await count(actor.workspaceId)).toEqual([1, 250, cannyWorkspace(250).votes.length, 2]);
  });

  it("a source down past the retries: the job fails for now, and its retry resumes without doubling", async () => {
    const actor = await owner();
    const started = await startImport(actor, { source: "canny", options: { apiKey: CANNY_KEY } });
    await previewImport(actor.workspaceId, started.id);
    await confirmImport(actor, started.id);
    // Boards, posts and the first page of votes pass, then the service goes down.
    canny.drop([]);
    const seen = canny.requests.length;
    const breakAfter = setInterval(() => {
      if (canny.requests.length - seen >= 5) canny.breakDown();
    }, 1);
    await expect(runImport(actor.workspaceId, started.id)).rejects.toThrow(/still failing after 4 attempts \(503\)/);
    clearInterval(breakAfter);
    const waiting = await getImport(actor, started.id);
    expect(waiting.state).toBe("running");
    expect(waiting.error).toMatch(/the import will try again/);
    const [, posts, votes] = await count(actor.workspaceId);
    expect(posts).toBe(250);
    expect(votes).toBeLessThan(cannyWorkspace(250).votes.length);
    canny.heal();
    await runImport(actor.workspaceId, started.id);
    const done = await getImport(actor, started.id);
    expect(done).toMatchObject({ state: "completed", error: null });
    expect(await count(actor.workspaceId)).toEqual([1, 250, cannyWorkspace(250).votes.length, 2]);
  });

  it("re-running the import later creates nothing twice, and undo takes back only the first run's rows", async () => {
    const actor = await owner();
    const first = await previewAndRun(actor, { source: "canny", options: { apiKey: CANNY_KEY } });
    const second = await previewAndRun(actor, { source: "canny", options: { apiKey: CANNY_KEY } });
    expect(second.previewed.preview?.create.post ?? 0).toBe(0);
    expect(second.done.progress.created.post ?? 0).toBe(0);
    expect((await count(actor.workspaceId))[1]).toBe(250);
    await undoNow(actor, first.done.id);
    expect(await count(actor.workspaceId)).toEqual([0, 0, 0, 0]);
  });

  it("undo takes back the votes and comments a later import added to an earlier one's posts, and nothing else", async () => {
    const data = cannyWorkspace(3);
    const server = await startFakeCanny(data);
    const shared = process.env.CANNY_API_URL;
    process.env.CANNY_API_URL = `${server.url}/api/v1`;
    try {
      const actor = await owner();
      const { workspaceId } = actor;
      const options = { source: "canny", options: { apiKey: CANNY_KEY } };
      const first = await previewAndRun(actor, options);
      const votes = data.votes.length;
      expect(await count(workspaceId)).toEqual([1, 3, votes, 2]);
      // Meanwhile at Canny, someone new votes on and comments an idea the first import brought in.
      const newcomer = { id: "u4", name: "Linus Late", email: "linus.late@example.com" };
      data.votes.push({ id: "v-late", post: { id: "p1" }, voter: newcomer, created: "2024-03-05T00:00:00.000Z" } as never);
      data.comments.push({ id: "c-late", post: { id: "p1" }, author: newcomer, value: "Me too", internal: false, created: "2024-03-05T00:00:00.000Z" } as never);
      const second = await previewAndRun(actor, options);
      expect(second.done.progress.created).toMatchObject({ vote: 1, comment: 1 });
      const slack = () => db.post.findFirstOrThrow({ where: { workspaceId, title: "Slack integration" } });
      expect(await slack()).toMatchObject({ voteCount: 2, commentCount: 2 });
      // And a person with an account here votes on it too, after both imports.
      const real = await createTestUser("real-voter");
      await db.vote.create({ data: { workspaceId, postId: (await slack()).id, userId: real.id } });
      await db.post.update({ where: { id: (await slack()).id }, data: { voteCount: { increment: 1 } } });

      // The undo job stops after deleting the later vote and comment (a worker restart), and runs again.
      expect((await undoImport(actor, second.done.id)).state).toBe("undoing");
      const written = { importId: second.done.id, kind: { in: ["vote", "comment"] } };
      const targets = (await db.importedRow.findMany({ where: written })).map((row) => row.targetId);
      expect(targets).toHaveLength(2);
      await db.$transaction([db.vote.deleteMany({ where: { id: { in: targets } } }), db.comment.deleteMany({ where: { id: { in: targets } } }), db.importedRow.deleteMany({ where: written })]);
      await db.importRun.update({ where: { id: second.done.id }, data: { error: "The undo stopped and will try again: connection lost" } });
      await performUndo(workspaceId, second.done.id);
      expect(await getImport(actor, second.done.id)).toMatchObject({ state: "undone", error: null });
      expect(await count(workspaceId)).toEqual([1, 3, votes + 1, 2]);
      const linus = await db.user.findUniqueOrThrow({ where: { email: "linus.late@example.com" } });
      expect(await db.vote.count({ where: { userId: linus.id } })).toBe(0);
      expect(await db.comment.count({ where: { authorId: linus.id } })).toBe(0);
      expect(await db.vote.count({ where: { userId: real.id } })).toBe(1);
      expect(await slack()).toMatchObject({ voteCount: 2, commentCount: 1 });

      // Brought in again by a third import, then the first is undone: its ideas go, and with them
      // every vote and comment on them, the third import's and the real person's included.
      const third = await previewAndRun(actor, options);
      expect(third.done.progress.created).toMatchObject({ vote: 1, comment: 1 });
      await undoNow(actor, first.done.id);
      expect(await count(workspaceId)).toEqual([0, 0, 0, 0]);
      // Nothing gone is remembered as imported: importing once more brings all of it back.
      await previewAndRun(actor, options);
      expect(await count(workspaceId)).toEqual([1, 3, votes + 1, 3]);
      await undoNow(actor, third.done.id);
      expect(await count(workspaceId)).toEqual([1, 3, votes + 1, 3]);
    } finally {
      process.env.CANNY_API_URL = shared;
      await server.close();
    }
  });
});

describe("Statuspage, through its API", () => {
  it("imports components, incidents with every update in order, and maintenance; subscribers only when asked, never mailed", async () => {
    const actor = await owner();
    const { previewed, done } = await previewAndRun(actor, { source: "statuspage", options: { apiKey: STATUSPAGE_KEY, pageId: STATUSPAGE_PAGE } });
    expect(previewed.preview).toMatchObject({ create: { status_component: 2, incident: 130, incident_update: 390, maintenance: 1 } });
    expect(previewed.preview?.skip["component group: groups are not shown here; their components are imported"]).toBe(1);
    expect(done.state).toBe("completed");
    const workspaceId = actor.workspaceId;
    const api = await db.statusComponent.findFirstOrThrow({ where: { workspaceId, name: "Public API" } });
    expect(api.description).toBe("Backend: REST and webhooks");
    const incident = await db.incident.findFirstOrThrow({ where: { workspaceId, title: "Elevated API error rates" }, include: { updates: { orderBy: { createdAt: "asc" } }, components: true } });
    expect(incident).toMatchObject({ status: "resolved", impact: "major" });
    expect(incident.updates.map((update) => update.status)).toEqual(["investigating", "identified", "resolved"]);
    expect(incident.components.map((link) => link.componentId)).toEqual([api.id]);
    expect(await db.maintenance.count({ where: { workspaceId } })).toBe(1);
    expect(await db.subscriber.count({ where: { workspaceId } })).toBe(0);
    // Incidents came in two pages of at most 100.
    expect(statuspage.requests.filter((request) => request.path.endsWith("/incidents")).map((request) => request.query.get("page"))).toEqual(expect.arrayContaining(["1", "2"]));

    const withSubscribers = await owner();
    await previewAndRun(withSubscribers, { source: "statuspage", options: { apiKey: STATUSPAGE_KEY, pageId: STATUSPAGE_PAGE, includeSubscribers: true } });
    const subscribers = await db.subscriber.findMany({ where: { workspaceId: withSubscribers.workspaceId } });
    expect(subscribers).toMatchObject([{ email: "ops-fan@example.com", topic: "STATUS" }]);
    expect(subscribers[0]!.confirmedAt).not.toBeNull();
    expect(await db.notificationDelivery.count({ where: { workspaceId: withSubscribers.workspaceId } })).toBe(0);
    const events = await db.event.findMany({ where: { workspaceId: withSubscribers.workspaceId }, select: { type: true } });
    expect(events.map((event) => event.type)).toEqual(["import.completed"]);
  });

  it("incidents' component status changes become the status history the uptime bars show; undo takes them back", async () => {
    const data = statuspageData(1);
    // Three days ago the API went down, came back partly, and was whole again at resolution,
    // which Statuspage's last update did not say: it is restored then, as a resolve does here.
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const at = (time: string) => `${day}T${time}:00Z`;
    const affected = (from: string, to: string) => [{ code: "cmp-api", name: "Public API", old_status: from, new_status: to }];
    data.incidents.unshift({
      ...data.incidents[0]!,
      id: "inc-recent",
      name: "API outage",
      impact: "critical",
      created_at: at("10:00"),
      resolved_at: at("13:00"),
      incident_updates: [
        { id: "r-1", status: "investigating", body: "Down.", created_at: at("10:00"), affected_components: affected("operational", "major_outage") },
        { id: "r-2", status: "identified", body: "Partly back.", created_at: at("11:00"), affected_components: affected("major_outage", "partial_outage") },
        { id: "r-3", status: "resolved", body: "Fixed.", created_at: at("13:00"), affected_components: [] },
      ],
    } as never);
    const server = await startFakeStatuspage(data);
    const shared = process.env.STATUSPAGE_API_URL;
    process.env.STATUSPAGE_API_URL = `${server.url}/v1`;
    try {
      const actor = await owner();
      const { workspaceId } = actor;
      const { done } = await previewAndRun(actor, { source: "statuspage", options: { apiKey: STATUSPAGE_KEY, pageId: STATUSPAGE_PAGE } });
      const api = await db.statusComponent.findFirstOrThrow({ where: { workspaceId, name: "Public API" } });
      const history = await db.componentStatusChange.findMany({ where: { workspaceId }, orderBy: { at: "asc" }, select: { componentId: true, fromStatus: true, toStatus: true, at: true } });
      expect(history).toEqual([
        { componentId: api.id, fromStatus: "operational", toStatus: "major_outage", at: new Date(at("10:00")) },
        { componentId: api.id, fromStatus: "major_outage", toStatus: "partial_outage", at: new Date(at("11:00")) },
        { componentId: api.id, fromStatus: "partial_outage", toStatus: "operational", at: new Date(at("13:00")) },
      ]);
      // The import stays quiet: the component keeps the status the source gave, and no event per change.
      expect(api.status).toBe("operational");
      expect((await db.event.findMany({ where: { workspaceId }, select: { type: true } })).map((event) => event.type)).toEqual(["import.completed"]);

      const { data: status } = await getPublicStatus(scopedDb(workspaceId), { history: true });
      const bars = status.components.find((component) => component.id === api.id)!.uptime!;
      expect(bars.days.find((bar) => bar.date === day)).toMatchObject({ state: "major_outage", majorOutageMinutes: 60, partialOutageMinutes: 120 });
      expect(bars.days.filter((bar) => bar.state !== "operational")).toHaveLength(1);
      expect(bars.percent).toBeLessThan(100);

      await undoNow(actor, done.id);
      expect(await db.componentStatusChange.count({ where: { workspaceId } })).toBe(0);
    } finally {
      process.env.STATUSPAGE_API_URL = shared;
      await server.close();
    }
  });

  it("an unknown page id and a wrong key are refused naming the request", async () => {
    const actor = await owner();
    const page = await expectApiError(startImport(actor, { source: "statuspage", options: { apiKey: STATUSPAGE_KEY, pageId: "nosuchpage1" } }), "VALIDATION_ERROR");
    expect(page.message).toBe(`GET ${statuspage.url}/v1/pages/nosuchpage1: 404, not found (check the page or board id): The page could not be found.`);
    const key = await expectApiError(startImport(actor, { source: "statuspage", options: { apiKey: "x".repeat(20), pageId: STATUSPAGE_PAGE } }), "VALIDATION_ERROR");
    expect(key.message).toMatch(/401, the API key was refused/);
    const bad = await expectApiError(startImport(actor, { source: "statuspage", options: { apiKey: STATUSPAGE_KEY, pageId: "../admin" } }), "VALIDATION_ERROR");
    expect(bad.details?.[0]?.path).toBe("options.pageId");
  });
});
