import { describe, expect, it } from "vitest";
import * as config from "@/app/api/embed/[workspace]/config/route";
import * as ideas from "@/app/api/embed/[workspace]/ideas/route";
import * as session from "@/app/api/embed/[workspace]/session/route";
import * as similar from "@/app/api/embed/[workspace]/similar/route";
import * as votes from "@/app/api/embed/[workspace]/votes/route";
import { db } from "@/lib/platform/db/client";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { issueWidgetCredential, readWidgetCredential, WIDGET_CREDENTIAL_HEADER } from "@/lib/domain/widget/widget-credential";
import { updateWidgetOrigins } from "@/lib/domain/widget/update-widget-origins";
import { WIDGET_IDEAS_PER_IP } from "@/lib/domain/widget/widget-limits";
import { VISITOR_POSTS } from "@/lib/domain/posts/visitor-limits";
import { actorOf, expectApiError } from "../support/actors";
import { createTestUser, seedBoard, seedTenant } from "../support/api";
import { enableSso, signSsoToken } from "../support/sso";
import { randomIp } from "../public/request";
import { holdClock } from "../support/held-clock";

type Handler = (request: Request, context: { params: Promise<{ workspace: string }> }) => Promise<Response>;

async function send(handler: Handler, slug: string, { method = "GET", path = "/x", body, credential, ip = randomIp(), origin }: { method?: string; path?: string; body?: unknown; credential?: string; ip?: string; origin?: string } = {}) {
  const headers = new Headers({ "x-client-ip": ip });
  if (credential) headers.set(WIDGET_CREDENTIAL_HEADER, credential);
  if (origin) headers.set("origin", origin);
  if (body !== undefined) headers.set("content-type", "application/json");
  const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) }), { params: Promise.resolve({ workspace: slug }) });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

async function widgetTenant() {
  clearPublicCache();
  const tenant = await seedTenant({ published: true });
  const board = await seedBoard(tenant.workspace.id, { name: "Ideas" });
  await updateWidgetOrigins(await actorOf(tenant, tenant.owner), { origins: ["https://app.customer.test"] });
  return { tenant, board, slug: tenant.workspace.slug, workspaceId: tenant.workspace.id };
}

async function visitorCredential(workspaceId: string) {
  const user = await createTestUser("visitor");
  return { user, token: (await issueWidgetCredential({ workspaceId, userId: user.id, via: "portal" })).token };
}

describe("the widget's credential", () => {
  it("names one account on one workspace, and nothing once expired or elsewhere", async () => {
    const { token } = await issueWidgetCredential({ workspaceId: "ws-a", userId: "u-1", via: "sso" }, new Date("2030-01-01T00:00:00Z"));
    expect(await readWidgetCredential(token, "ws-a", new Date("2030-01-01T00:30:00Z"))).toEqual({ workspaceId: "ws-a", userId: "u-1", via: "sso" });
    expect(await readWidgetCredential(token, "ws-b", new Date("2030-01-01T00:30:00Z"))).toBeNull();
    expect(await readWidgetCredential(token, "ws-a", new Date("2030-01-01T01:00:01Z"))).toBeNull();
    expect(await readWidgetCredential(`${token}x`, "ws-a", new Date("2030-01-01T00:30:00Z"))).toBeNull();
    expect(await readWidgetCredential("", "ws-a")).toBeNull();
  });
});

describe("/api/embed/{workspace}/…", () => {
  it("an idea needs a credential of this workspace; with one it is the visitor's, with the host's metadata", async () => {
    const { slug, workspaceId, board } = await widgetTenant();
    const other = await widgetTenant();
    const { user, token } = await visitorCredential(workspaceId);
    const idea = { title: "Calendar view", body: "Weekly.", metadata: { pageUrl: "https://app.customer.test/reports?x=1", appVersion: "2.1.0", plan: "pro", extra: { seats: 12 } } };

    expect((await send(ideas.POST, slug, { method: "POST", body: idea })).status).toBe(401);
    expect((await send(ideas.POST, other.slug, { method: "POST", body: idea, credential: token })).status).toBe(401);
    const created = await send(ideas.POST, slug, { method: "POST", body: idea, credential: token });
    expect(created.status).toBe(201);
    const row = await db.post.findUniqueOrThrow({ where: { id: created.json.data.id } });
    expect(row).toMatchObject({ authorId: user.id, boardId: board.id, status: "open", hostMetadata: idea.metadata });

    const mine = await send(ideas.GET, slug, { credential: token });
    expect(mine.json.data.map((post: { title: string }) => post.title)).toEqual(["Calendar view"]);
  });

  it("refuses bad ideas and bad metadata with the field named; nothing is stored", async () => {
    const { slug, workspaceId } = await widgetTenant();
    const { token } = await visitorCredential(workspaceId);
    const cases: [unknown, string][] = [
      [{ title: "" }, "title"],
      [{ title: "Ok", metadata: { pageUrl: "javascript:alert(1)" } }, "metadata.pageUrl"],
      [{ title: "Ok", metadata: { plan: "x".repeat(201) } }, "metadata.plan"],
      [{ title: "Ok", metadata: { plan: "pro\u202e" } }, "metadata.plan"],
      [{ title: "Ok", metadata: { extra: Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`k${index}`, index])) } }, "metadata.extra"],
      [{ title: "Ok", metadata: { unknown: 1 } }, "metadata"],
      [{ title: "Ok", board: "no-such-board" }, ""],
    ];
    for (const [body, field] of cases) {
      const answer = await send(ideas.POST, slug, { method: "POST", body, credential: token });
      expect([400, 404], JSON.stringify(body)).toContain(answer.status);
      if (field) expect(answer.json.details.map((detail: { path: string }) => detail.path).join(" "), JSON.stringify(body)).toContain(field);
    }
    expect((await send(ideas.POST, slug, { method: "POST", body: "{not json", credential: token })).status).toBe(400);
    expect((await send(ideas.POST, slug, { method: "POST", body: { title: "x", body: "y".repeat(40_000) }, credential: token })).status).toBe(413);
    expect(await db.post.count({ where: { workspaceId } })).toBe(0);
  });

  it("a flood of ideas from one address is stopped, whichever accounts send them", async () => {
    holdClock();
    const { slug, workspaceId } = await widgetTenant();
    const ip = randomIp();
    for (let index = 0; index < WIDGET_IDEAS_PER_IP.limit; index++) {
      const { token } = await visitorCredential(workspaceId);
      expect((await send(ideas.POST, slug, { method: "POST", body: { title: `Idea ${index}` }, credential: token, ip })).status).toBe(201);
    }
    const { token } = await visitorCredential(workspaceId);
    const refused = await send(ideas.POST, slug, { method: "POST", body: { title: "One more" }, credential: token, ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await send(ideas.POST, slug, { method: "POST", body: { title: "From elsewhere" }, credential: token })).status).toBe(201);
  });

  it("a flood of ideas from one widget user is stopped at the portal's per-account budget, from any address", async () => {
    holdClock();
    const { slug, workspaceId } = await widgetTenant();
    const { token } = await visitorCredential(workspaceId);
    for (let index = 0; index < VISITOR_POSTS.limit; index++) {
      expect((await send(ideas.POST, slug, { method: "POST", body: { title: `Idea ${index}` }, credential: token })).status).toBe(201);
    }
    const refused = await send(ideas.POST, slug, { method: "POST", body: { title: "One more" }, credential: token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await db.post.count({ where: { workspaceId } })).toBe(VISITOR_POSTS.limit);
    // Another user of the same widget is not held back by it.
    const other = await visitorCredential(workspaceId);
    expect((await send(ideas.POST, slug, { method: "POST", body: { title: "Someone else's" }, credential: other.token })).status).toBe(201);
  });

  it("votes as the visitor; suggestions work signed out too", async () => {
    const { slug, workspaceId, board } = await widgetTenant();
    const post = await db.post.create({ data: { workspaceId, boardId: board.id, title: "Dark mode for reports" } });
    const { user, token } = await visitorCredential(workspaceId);
    expect((await send(votes.POST, slug, { method: "POST", body: { postId: post.id, voted: true } })).status).toBe(401);
    const voted = await send(votes.POST, slug, { method: "POST", body: { postId: post.id, voted: true }, credential: token });
    expect(voted.json.data).toEqual({ voted: true, voteCount: 1 });
    expect(await db.vote.count({ where: { postId: post.id, userId: user.id } })).toBe(1);
    expect((await send(votes.POST, slug, { method: "POST", body: { postId: "nope", voted: "yes" }, credential: token })).status).toBe(400);

    const signedOut = await send(similar.GET, slug, { path: "/x?q=dark%20mode" });
    expect(signedOut.json.data.posts.map((found: { title: string; voted: boolean }) => [found.title, found.voted])).toEqual([["Dark mode for reports", false]]);
    const signedIn = await send(similar.GET, slug, { path: "/x?q=dark%20mode", credential: token });
    expect(signedIn.json.data.posts[0].voted).toBe(true);
  });

  it("config: only an allowed origin may read it (CORS names that origin alone)", async () => {
    const { slug } = await widgetTenant();
    const allowed = await send(config.GET, slug, { origin: "https://app.customer.test" });
    expect(allowed.json.data.allowed).toBe(true);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.customer.test");
    const stranger = await send(config.GET, slug, { origin: "https://evil.test" });
    expect(stranger.json.data.allowed).toBe(false);
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    expect((await send(config.GET, "no-such-workspace", { origin: "https://app.customer.test" })).status).toBe(404);
  });

  it("the SSO token is exchanged once for a credential of this workspace; every refusal says which rule", async () => {
    const { tenant, slug, workspaceId } = await widgetTenant();
    const secret = await enableSso(tenant);
    const other = await widgetTenant();
    const otherSecret = await enableSso(other.tenant);

    const token = await signSsoToken(secret, { id: "cust-9", name: "Nia", companies: [{ id: "co", name: "Initech", monthlySpend: 990 }] });
    const exchanged = await send(session.POST, slug, { method: "POST", body: { ssoToken: token } });
    expect(exchanged.status).toBe(200);
    const identity = await readWidgetCredential(exchanged.json.data.token, workspaceId);
    const visitor = await db.user.findUniqueOrThrow({ where: { id: identity!.userId } });
    expect(visitor).toMatchObject({ ssoWorkspaceId: workspaceId, ssoExternalId: "cust-9", name: "Nia" });
    expect(await readWidgetCredential(exchanged.json.data.token, other.workspaceId)).toBeNull();

    const refusal = async (ssoToken: unknown, target = slug) => {
      const answer = await send(session.POST, target, { method: "POST", body: { ssoToken } });
      return [answer.status, answer.json.details?.[0]?.message];
    };
    expect(await refusal(token)).toEqual([401, "replayed"]);
    expect(await refusal(await signSsoToken(secret, { exp: Math.floor(Date.now() / 1000) - 3600 }))).toEqual([401, "expired"]);
    expect(await refusal(await signSsoToken(otherSecret))).toEqual([401, "bad_signature"]);
    expect(await refusal(await signSsoToken(secret), other.slug)).toEqual([401, "bad_signature"]);
    expect(await refusal("not.a.token")).toEqual([401, "malformed"]);
    expect(await refusal(42)).toEqual([400, "Expected the SSO token as a string."]);
  });
});

describe("updating the allowed origins", () => {
  it("admins and owners only; a bad origin is refused with its line named", async () => {
    const { tenant } = await widgetTenant();
    const member = await tenant.member("MEMBER");
    await expectApiError(updateWidgetOrigins(await actorOf(tenant, member), { origins: ["https://a.example.com"] }), "FORBIDDEN");
    const owner = await actorOf(tenant, tenant.owner);
    const error = await expectApiError(updateWidgetOrigins(owner, { origins: ["https://ok.example.com", "https://bad.example.com/path"] }), "VALIDATION_ERROR");
    expect(error.details?.map((detail) => detail.path)).toEqual(["origins.1"]);
    await expectApiError(updateWidgetOrigins(owner, { origins: "https://a.example.com" }), "VALIDATION_ERROR");
    expect(await updateWidgetOrigins(owner, { origins: ["https://B.example.com", "", "https://b.example.com:443"] })).toEqual({ origins: ["https://b.example.com"] });
  });
});
