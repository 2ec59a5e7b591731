import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import { generateKey } from "@/lib/domain/keys/format";
import { expectError } from "../support/endpoint-checklist";

// A key works only under /api/v1. The proxy refuses it everywhere else, and the routes
// outside /api/v1 refuse it again, so skipping the proxy changes nothing.
const key = generateKey();

async function asResult(response: Response) {
  return { status: response.status, headers: response.headers, json: await response.json() };
}

describe("keys outside /api/v1", () => {
  // Routes under /api/public/ are not behind the proxy (its matcher leaves them out for speed); their
  // first step refuses a key (tests/public/caching-and-keys.test.ts, e2e/key-lane.spec.ts).
  it.each(["/", "/workspaces", "/w/acme", "/sign-in", "/api/auth/session", "/api/public", "/p/acme"])(
    "the proxy answers 403 API_KEY_SCOPE on %s",
    async (path) => {
      const request = new NextRequest(`http://localhost${path}`, { headers: { authorization: `Bearer ${key}` } });
      expectError(await asResult(await proxy(request)), 403, "API_KEY_SCOPE");
    },
  );

  it("an X-API-Key header counts as a key too", async () => {
    const request = new NextRequest("http://localhost/workspaces", { headers: { "x-api-key": key } });
    expectError(await asResult(await proxy(request)), 403, "API_KEY_SCOPE");
  });

  it("requests without a key pass through", async () => {
    const response = await proxy(new NextRequest("http://localhost/workspaces"));
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it("the auth route refuses a key itself, as if the proxy had been skipped", async () => {
    for (const method of ["GET", "POST"] as const) {
      const request = new Request("http://localhost/api/auth/session", {
        method,
        headers: { authorization: `Bearer ${key}`, "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
      });
      const response = await nextAuthRoute[method](request as never, { params: Promise.resolve({ nextauth: ["session"] }) });
      expectError(await asResult(response), 403, "API_KEY_SCOPE");
    }
  });
});
