import { beforeAll, expect, it } from "vitest";
import * as monitorResults from "@/app/api/v1/monitors/[id]/results/route";
import * as monitors from "@/app/api/v1/monitors/route";
import { db } from "@/lib/platform/db/client";
import { runProbe } from "../../scripts/probe/agent";
import { serveRoutes } from "../support/route-server";
import { addMonitor, workspaceWithComponent } from "./helpers";
import { startTarget } from "./targets";

// The probe agent reads the monitors with its own key, checks them at their slots from its place,
// and reports; the app records each result once, under that place.

beforeAll(() => {
  process.env.MONITOR_ALLOW_PRIVATE_NETWORKS = "true";
});

it("checks each monitor at its due time from its place and reports; the app records it under that place", async () => {
  const { tenant, actor, component } = await workspaceWithComponent();
  const target = await startTarget((_request, response) => {
    response.statusCode = 503;
    response.end();
  });
  const monitor = await addMonitor(actor, { kind: "http", componentId: component.id, name: "From afar", url: target.url, intervalSeconds: 30, failuresToDown: 1, placesToDown: 1 });
  await addMonitor(actor, { kind: "heartbeat", componentId: component.id, name: "Not for probes", intervalSeconds: 60 });
  // The app's own worker is not running here; its next slot is made due now.
  await db.monitor.update({ where: { id: monitor.id }, data: { nextCheckAt: new Date() } });
  const server = await serveRoutes({ "/api/v1/monitors": monitors, "/api/v1/monitors/{id}/results": monitorResults });
  const key = await tenant.key(["monitors:read", "monitors:write"]);
  const controller = new AbortController();
  const lines: string[] = [];
  const probe = runProbe({ apiUrl: server.url, apiKey: key, place: "eu-west", log: (line) => lines.push(line) }, controller.signal);
  try {
    await expect.poll(() => db.monitorCheck.findMany({ where: { monitorId: monitor.id } }), { timeout: 15_000, interval: 200 }).toEqual([
      expect.objectContaining({ place: "eu-west", ok: false, statusCode: 503, error: "Answered 503." }),
    ]);
  } finally {
    controller.abort();
    await probe;
    await server.close();
  }
  expect(target.hits).toBe(1);
  expect(lines).toContain("From afar: failed (Answered 503.)");
  expect((await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).state).toBe("down");
  expect(server.problems).toEqual([]);
});
