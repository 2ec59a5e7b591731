import { afterEach, describe, expect, it, vi } from "vitest";
import * as collection from "@/app/api/v1/posts/route";
import { db } from "@/lib/platform/db/client";
import { isDatabaseUnavailable } from "@/lib/platform/db/errors";
import { repeatedError } from "@/lib/platform/log/repeated";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectError } from "../support/endpoint-checklist";

/** What Node's http server fails a body with when the client closes the connection mid-upload. */
function connectionClosed(): Error {
  return Object.assign(new Error("aborted"), { code: "ECONNRESET" });
}

/** A JSON body of which the client sent `sent` before hanging up. */
function cutOffBody(sent: string, error: Error): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(sent));
      setTimeout(() => controller.error(error), 5);
    },
  });
}

afterEach(() => vi.restoreAllMocks());

describe("a request body the client stops sending", () => {
  it("is answered 400 as cut off, writes nothing and reports no outage", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key();
    const board = await seedBoard(tenant.workspace.id);
    const reports = vi.spyOn(repeatedError, "report");
    const result = await call(collection.POST, "POST", "/api/v1/posts", {
      key,
      rawBody: cutOffBody(`{"boardId":"${board.id}","title":"half`, connectionClosed()) as unknown as BodyInit,
      headers: { "content-type": "application/json" },
    });
    expectError(result, 400, "VALIDATION_ERROR");
    expect(result.json.error).toMatch(/cut off/);
    expect(reports).not.toHaveBeenCalled();
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("is told apart from a dropped database connection, which carries the same code", () => {
    expect(isDatabaseUnavailable(connectionClosed())).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(true);
  });
});
