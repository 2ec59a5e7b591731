import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as deliveries from "@/app/api/v1/webhooks/[id]/deliveries/route";
import * as rotate from "@/app/api/v1/webhooks/[id]/rotate-secret/route";
import * as webhook from "@/app/api/v1/webhooks/[id]/route";
import * as testEvent from "@/app/api/v1/webhooks/[id]/test/route";
import * as webhooks from "@/app/api/v1/webhooks/route";
import { db } from "@/lib/platform/db/client";
import { openSecret } from "@/lib/domain/webhooks/secret-box";
import { call, seedTenant, type Tenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

const PATH = "/api/v1/webhooks";
const PUBLIC_URL = "https://93.184.215.14/hooks";

// The save-time address check runs for real: URLs here use IP literals (no DNS needed), and
// private networks are refused unless a test allows them.
let allowPrivate: string | undefined;
beforeEach(() => {
  allowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
});
afterEach(() => {
  if (allowPrivate === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allowPrivate;
});

async function createVia(tenant: Tenant, body: Record<string, unknown> = { url: PUBLIC_URL }) {
  const key = await tenant.key(["webhooks:read", "webhooks:write"]);
  const result = await call(webhooks.POST, "POST", PATH, { key, body });
  return { key, result };
}

describe("POST /api/v1/webhooks", () => {
  itChecksKeys({ handler: webhooks.POST, method: "POST", path: PATH, scope: "webhooks:write", request: () => ({ body: { url: PUBLIC_URL } }) });

  it("201 answers the endpoint with its whsec_ secret once; only the encrypted secret is stored", async () => {
    const tenant = await seedTenant();
    const { result } = await createVia(tenant, { url: PUBLIC_URL, description: "CRM", eventTypes: ["post.created", "post.created", "post.status_changed"] });
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ kind: "standard", url: PUBLIC_URL, description: "CRM", eventTypes: ["post.created", "post.status_changed"], enabled: true, disabledReason: null });
    const secret: string = result.json.data.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: result.json.data.id } });
    expect(row.secretEncrypted).not.toContain(secret.slice(6));
    expect(openSecret(row.secretEncrypted)).toBe(secret);

    const key = await tenant.key(["webhooks:read"]);
    const got = await call(webhook.GET, "GET", `${PATH}/${row.id}`, { key, params: { id: row.id } });
    expect(got.status).toBe(200);
    expect(got.json.data.secret).toBeUndefined();
  });

  it.each([
    ["a URL that is not one", "not a url", /full URL/],
    ["plain http", "http://93.184.215.14/", /https/],
    ["credentials in the URL", "https://user:pw@93.184.215.14/", /user name or password/],
    ["loopback", "https://127.0.0.1/hook", /private, loopback/],
    ["a private network", "https://10.1.2.3/hook", /private, loopback/],
    ["carrier-grade NAT", "https://100.64.0.9/hook", /private, loopback/],
    ["the metadata service", "https://169.254.169.254/latest/meta-data", /private, loopback/],
    ["IPv6 loopback", "https://[::1]/hook", /private, loopback/],
    ["IPv6 unique-local", "https://[fd00:ec2::254]/hook", /private, loopback/],
    ["IPv4-mapped loopback", "https://[::ffff:127.0.0.1]/hook", /private, loopback/],
    ["IPv4-compatible loopback", "https://[::127.0.0.1]/hook", /private, loopback/],
    ["SIIT (IPv4-translated) loopback", "https://[::ffff:0:7f00:1]/hook", /private, loopback/],
    ["local-use NAT64 loopback", "https://[64:ff9b:1::7f00:1]/hook", /private, loopback/],
    ["well-known NAT64 loopback", "https://[64:ff9b::7f00:1]/hook", /private, loopback/],
    ["6to4 of loopback", "https://[2002:7f00:1::]/hook", /private, loopback/],
    ["Teredo", "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook", /private, loopback/],
    ["site-local", "https://[fec0::1]/hook", /private, loopback/],
    ["a name resolving to loopback", "https://localhost/hook", /localhost resolves to 127\.0\.0\.1|localhost resolves to ::1/],
  ])("400 on url for %s, with a message saying why", async (_label, url, message) => {
    const tenant = await seedTenant();
    const { result } = await createVia(tenant, { url });
    expectValidationError(result, "url");
    expect(result.json.details.find((row: { path: string }) => row.path === "url").message).toMatch(message);
    expect(await db.webhookEndpoint.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("400 on eventTypes for an unknown event type; 400 for an unknown kind and a control character", async () => {
    const tenant = await seedTenant();
    const unknown = (await createVia(tenant, { url: PUBLIC_URL, eventTypes: ["post.created", "post.exploded"] })).result;
    expectValidationError(unknown, "eventTypes.1");
    expect(unknown.json.details[0].message).toContain("post.status_changed");
    expectValidationError((await createVia(tenant, { url: PUBLIC_URL, kind: "teams" })).result, "kind");
    expectValidationError((await createVia(tenant, { url: PUBLIC_URL, description: "a\u0000b" })).result, "description");
  });

  it("WEBHOOK_ALLOW_PRIVATE_NETWORKS=true allows http and local addresses", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
    const tenant = await seedTenant();
    const { result } = await createVia(tenant, { url: "http://127.0.0.1:9/hook", kind: "slack" });
    expect(result.status).toBe(201);
    expect(result.json.data.kind).toBe("slack");
  });

  it("403 PLAN_LIMIT past the Free plan's endpoints; Pro has no limit", async () => {
    const tenant = await seedTenant();
    for (let i = 0; i < 3; i++) expect((await createVia(tenant)).result.status).toBe(201);
    const refused = (await createVia(tenant)).result;
    expectError(refused, 403, "PLAN_LIMIT");
    expect(refused.json.error).toMatch(/3 webhook endpoints/);
    await db.workspace.update({ where: { id: tenant.workspace.id }, data: { plan: "PRO" } });
    expect((await createVia(tenant)).result.status).toBe(201);
  });

  it("403 FORBIDDEN for a key whose creator is now a member; 403 INSUFFICIENT_SCOPES for a read-only key", async () => {
    const tenant = await seedTenant();
    const admin = await tenant.member("ADMIN");
    const key = await tenant.key(["webhooks:write"], { creatorId: admin.id });
    await db.membership.updateMany({ where: { userId: admin.id }, data: { role: "MEMBER" } });
    expectError(await call(webhooks.POST, "POST", PATH, { key, body: { url: PUBLIC_URL } }), 403, "FORBIDDEN");
    const readOnly = await tenant.key(["webhooks:read"]);
    expectError(await call(webhooks.POST, "POST", PATH, { key: readOnly, body: { url: PUBLIC_URL } }), 403, "INSUFFICIENT_SCOPES");
  });
});

describe("GET /api/v1/webhooks", () => {
  itChecksKeys({ handler: webhooks.GET, method: "GET", path: PATH, scope: "webhooks:read" });

  it("200 lists this workspace's endpoints oldest first, pages by cursor, never another workspace's", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const other = await seedTenant();
    await createVia(other);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createVia(tenant, { url: `${PUBLIC_URL}/${i}` })).result.json.data.id);
    const key = await tenant.key(["webhooks:read"]);
    const first = await call(webhooks.GET, "GET", PATH, { key, query: { limit: "2" } });
    expect(first.status).toBe(200);
    expect(first.json.data.map((row: { id: string }) => row.id)).toEqual(ids.slice(0, 2));
    expect(first.json.pagination.hasMore).toBe(true);
    const second = await call(webhooks.GET, "GET", PATH, { key, query: { limit: "2", cursor: first.json.pagination.nextCursor } });
    expect(second.json.data.map((row: { id: string }) => row.id)).toEqual(ids.slice(2));
  });
});

describe("/api/v1/webhooks/{id}", () => {
  it("404 for another workspace's endpoint on every method", async () => {
    const tenant = await seedTenant();
    const other = await seedTenant();
    const foreign = (await createVia(other)).result.json.data.id;
    const key = await tenant.key(["webhooks:read", "webhooks:write"]);
    const params = { id: foreign };
    expectError(await call(webhook.GET, "GET", `${PATH}/${foreign}`, { key, params }), 404, "NOT_FOUND");
    expectError(await call(webhook.PATCH, "PATCH", `${PATH}/${foreign}`, { key, params, body: { enabled: false } }), 404, "NOT_FOUND");
    expectError(await call(webhook.DELETE, "DELETE", `${PATH}/${foreign}`, { key, params }), 404, "NOT_FOUND");
    expectError(await call(rotate.POST, "POST", `${PATH}/${foreign}/rotate-secret`, { key, params }), 404, "NOT_FOUND");
    expectError(await call(deliveries.GET, "GET", `${PATH}/${foreign}/deliveries`, { key, params }), 404, "NOT_FOUND");
    expectError(await call(testEvent.POST, "POST", `${PATH}/${foreign}/test`, { key, params }), 404, "NOT_FOUND");
    expect(await db.webhookEndpoint.count({ where: { id: foreign, enabled: true } })).toBe(1);
  });

  it("PATCH pauses and resumes (resuming clears what the server disabled it for); a private URL is a 400 on url", async () => {
    const tenant = await seedTenant();
    const { key, result } = await createVia(tenant);
    const id = result.json.data.id;
    await db.webhookEndpoint.update({ where: { id }, data: { enabled: false, disabledReason: "it answered 410 Gone.", failingSince: new Date() } });
    const resumed = await call(webhook.PATCH, "PATCH", `${PATH}/${id}`, { key, params: { id }, body: { enabled: true } });
    expect(resumed.json.data).toMatchObject({ enabled: true, disabledReason: null });
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).failingSince).toBeNull();
    expectValidationError(await call(webhook.PATCH, "PATCH", `${PATH}/${id}`, { key, params: { id }, body: { url: "https://192.168.1.1/" } }), "url");
    expectValidationError(await call(webhook.PATCH, "PATCH", `${PATH}/${id}`, { key, params: { id }, body: {} }), "");
  });

  it("DELETE removes it; a second delete is a 404", async () => {
    const tenant = await seedTenant();
    const { key, result } = await createVia(tenant);
    const id = result.json.data.id;
    expect((await call(webhook.DELETE, "DELETE", `${PATH}/${id}`, { key, params: { id } })).json).toMatchObject({ success: true, data: { id } });
    expectError(await call(webhook.DELETE, "DELETE", `${PATH}/${id}`, { key, params: { id } }), 404, "NOT_FOUND");
  });

  it("rotate-secret answers a new secret once and keeps the previous one for 24 hours", async () => {
    const tenant = await seedTenant();
    const { key, result } = await createVia(tenant);
    const id = result.json.data.id;
    const rotated = await call(rotate.POST, "POST", `${PATH}/${id}/rotate-secret`, { key, params: { id } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.data.secret).toMatch(/^whsec_/);
    expect(rotated.json.data.secret).not.toBe(result.json.data.secret);
    const hours = (Date.parse(rotated.json.data.previousSecretExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(openSecret(row.previousSecretEncrypted!)).toBe(result.json.data.secret);
  });
});

describe("POST /api/v1/webhooks/{id}/test and GET …/deliveries", () => {
  it("202 queues a webhook.test delivery (due at once for the worker, not a request from this one), listed newest first in the deliveries", async () => {
    const tenant = await seedTenant();
    const { key, result } = await createVia(tenant);
    const id = result.json.data.id;
    const first = await call(testEvent.POST, "POST", `${PATH}/${id}/test`, { key, params: { id } });
    expect(first.status).toBe(202);
    expect(first.json.data).toMatchObject({ endpointId: id, eventType: "webhook.test", status: "pending", attempts: 0 });
    const second = await call(testEvent.POST, "POST", `${PATH}/${id}/test`, { key, params: { id } });
    // What the worker's delivery pump claims: pending, due, held by no worker.
    const due = await db.webhookDelivery.findMany({ where: { endpointId: id, status: "PENDING", nextAttemptAt: { lte: new Date() }, leaseUntil: null }, select: { id: true } });
    expect(due.map((row) => row.id).sort()).toEqual([first.json.data.id, second.json.data.id].sort());

    const listed = await call(deliveries.GET, "GET", `${PATH}/${id}/deliveries`, { key, params: { id }, query: { limit: "1" } });
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((row: { id: string }) => row.id)).toEqual([second.json.data.id]);
    const rest = await call(deliveries.GET, "GET", `${PATH}/${id}/deliveries`, { key, params: { id }, query: { limit: "1", cursor: listed.json.pagination.nextCursor } });
    expect(rest.json.data.map((row: { id: string }) => row.id)).toEqual([first.json.data.id]);
  });

  it("403 INSUFFICIENT_SCOPES for webhooks:read only", async () => {
    const tenant = await seedTenant();
    const { result } = await createVia(tenant);
    const id = result.json.data.id;
    const key = await tenant.key(["webhooks:read"]);
    expectError(await call(testEvent.POST, "POST", `${PATH}/${id}/test`, { key, params: { id } }), 403, "INSUFFICIENT_SCOPES");
  });
});
