import { expect, test } from "@playwright/test";

// Against the real production server: a key anywhere but /api/v1 is refused, also when
// the request claims to be a middleware subrequest (the header that once skipped middleware).
const KEY = "wsk_000000000000000000000000000000000000";

for (const path of ["/", "/workspaces", "/sign-in", "/api/auth/session", "/api/auth/csrf", "/api/public/acme/status", "/p/acme"]) {
  for (const bypass of [false, true]) {
    test(`a key on ${path}${bypass ? " with x-middleware-subrequest" : ""} answers 403 API_KEY_SCOPE`, async ({ request }) => {
      const headers: Record<string, string> = { authorization: `Bearer ${KEY}` };
      if (bypass) headers["x-middleware-subrequest"] = "proxy:proxy:proxy:proxy:proxy:middleware:middleware:middleware:middleware:middleware";
      const response = await request.get(path, { headers, maxRedirects: 0 });
      expect(response.status()).toBe(403);
      expect(await response.json()).toMatchObject({ success: false, code: "API_KEY_SCOPE" });
      expect(response.headers()["x-request-id"]).toMatch(/^req_/);
    });
  }
}

test("an unknown /api/v1 path answers 404 in the envelope; no key answers 401", async ({ request }) => {
  const unknown = await request.get("/api/v1/nothing-here");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
  const noKey = await request.get("/api/v1/posts");
  expect(noKey.status()).toBe(401);
  expect(await noKey.json()).toMatchObject({ success: false, code: "UNAUTHORIZED" });
});
