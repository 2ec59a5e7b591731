import { beforeAll, describe, expect, it } from "vitest";
import { generateKey } from "@/lib/domain/keys/format";

// Nothing listens on port 1: every query fails to connect, as when the database is down.
beforeAll(() => {
  process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/none";
  process.env.API_KEY_SECRET = "unit-test-secret-0123456789abcdef0123456789";
});

describe("database unavailable", () => {
  it("answers 503 SERVICE_UNAVAILABLE with Retry-After, not a 500", async () => {
    const posts = await import("@/app/api/v1/posts/route");
    const original = console.error;
    console.error = () => {};
    try {
      const request = new Request("http://localhost/api/v1/posts", { headers: { authorization: `Bearer ${generateKey()}` } });
      const response = await posts.GET(request, { params: Promise.resolve({}) });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE", requestId: expect.any(String) });
    } finally {
      console.error = original;
    }
  });
});
