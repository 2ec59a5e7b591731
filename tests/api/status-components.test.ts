import { describe, expect, it } from "vitest";
import * as components from "@/app/api/v1/status/components/route";
import * as incidents from "@/app/api/v1/status/incidents/route";
import { db } from "@/lib/platform/db/client";
import type { ComponentStatus } from "@/lib/generated/prisma/enums";
import { call, seedTenant } from "../support/api";
import { expectError, itAnswers405, itChecksKeys, itRejectsQueries } from "../support/endpoint-checklist";
import { expectEachExactlyOnce, onlyPreExisting, walkAllPages } from "../support/pagination";

const PATH = "/api/v1/status/components";

async function seedComponent(workspaceId: string, data: Partial<{ name: string; position: number; status: ComponentStatus; description: string }> = {}) {
  return db.statusComponent.create({ data: { workspaceId, name: data.name ?? "API", ...data } });
}

describe("GET /api/v1/status/components", () => {
  itChecksKeys({ handler: components.GET, method: "GET", path: PATH, scope: "status:read" });

  it("200 lists this workspace's components in status-page order, with every field", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["status:read"]);
    const other = await seedTenant();
    await seedComponent(other.workspace.id, { name: "foreign", position: 0 });
    const second = await seedComponent(tenant.workspace.id, { name: "Dashboard", position: 2, status: "partial_outage" });
    const first = await seedComponent(tenant.workspace.id, { name: "API", position: 1, description: "The REST API" });

    const result = await call(components.GET, "GET", PATH, { key });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      success: true,
      data: [
        {
          id: first.id,
          name: "API",
          description: "The REST API",
          status: "operational",
          position: 1,
          createdAt: first.createdAt.toISOString(),
          updatedAt: first.updatedAt.toISOString(),
        },
        expect.objectContaining({ id: second.id, name: "Dashboard", status: "partial_outage", position: 2 }),
      ],
      pagination: { nextCursor: null, hasMore: false },
    });
    expect(result.headers.get("x-ratelimit-limit")).toBe("100");
  });

  it("walking every page while components are added returns each pre-existing one exactly once", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const key = await tenant.key(["status:read"]);
    // Repeated positions make the id tie-break carry the order.
    const existing = await Promise.all(
      Array.from({ length: 13 }, (_, i) => seedComponent(tenant.workspace.id, { name: `c${i}`, position: i % 4 })),
    );
    const { rows, ids } = await walkAllPages<{ id: string; position: number }>({
      limit: 3,
      fetch: (query) => call(components.GET, "GET", PATH, { key, query }),
      meanwhile: () => seedComponent(tenant.workspace.id, { name: "added meanwhile", position: 0 }),
    });
    expectEachExactlyOnce(onlyPreExisting(ids, existing), existing);
    const positions = rows.map((row) => row.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  itRejectsQueries({
    handler: components.GET,
    path: PATH,
    key: async () => (await seedTenant()).key(["status:read"]),
    cases: [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ limit: "abc" }, "limit"],
      [{ limit: "1.5" }, "limit"],
      [{ cursor: "not-a-cursor" }, "cursor"],
      [{ cursor: "a\u0000b" }, "cursor"],
      [{ state: "active" }, "state"],
    ],
  });

  it("a cursor from the incidents list is refused", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["status:read", "status:write"]);
    for (const title of ["a", "b"]) await call(incidents.POST, "POST", "/api/v1/status/incidents", { key, body: { title, message: "m" } });
    const page = await call(incidents.GET, "GET", "/api/v1/status/incidents", { key, query: { limit: "1" } });
    const result = await call(components.GET, "GET", PATH, { key, query: { cursor: page.json.pagination.nextCursor } });
    expectError(result, 400, "VALIDATION_ERROR");
    expect(result.json.details[0]).toMatchObject({ path: "cursor" });
  });

  itAnswers405(components, PATH, { methods: ["DELETE"], allow: "GET, POST, HEAD" });
});
