import { beforeEach, describe, expect, it } from "vitest";
import { sharedRead } from "@/lib/platform/cache/shared-read";
import { clearPublicCache, invalidateWorkspace, publicCacheStats } from "@/lib/platform/cache/response-cache";

// The reads every visitor of a portal shares (lib/platform/cache/shared-read.ts): kept in the public answer
// cache, under its byte budget, until the workspace changes.
describe("sharedRead", () => {
  beforeEach(() => clearPublicCache());

  it("reads once, then answers from the cache, counted in its bytes", async () => {
    let reads = 0;
    const read = async () => ({ n: ++reads, title: "Dark mode" });
    expect(await sharedRead("acme", "post", { postId: "p1" }, read)).toEqual({ n: 1, title: "Dark mode" });
    const before = publicCacheStats().bytes;
    expect(before).toBeGreaterThan(0);
    expect(await sharedRead("acme", "post", { postId: "p1" }, read)).toEqual({ n: 1, title: "Dark mode" });
    expect(await sharedRead("acme", "post", { postId: "p2" }, read)).toEqual({ n: 2, title: "Dark mode" });
    expect(reads).toBe(2);
  });

  it("reads again once its workspace is invalidated, and other workspaces keep theirs", async () => {
    let reads = 0;
    const read = async () => ++reads;
    await sharedRead("acme", "post", { postId: "p1" }, read);
    await sharedRead("other", "post", { postId: "p1" }, read);
    invalidateWorkspace("acme");
    expect(await sharedRead("acme", "post", { postId: "p1" }, read)).toBe(3);
    expect(await sharedRead("other", "post", { postId: "p1" }, read)).toBe(2);
  });

  it("does not keep a read that ran while its workspace was invalidated", async () => {
    let reads = 0;
    const stale = async () => {
      reads++;
      invalidateWorkspace("acme"); // a write lands while the read is under way
      return "before the write";
    };
    expect(await sharedRead("acme", "post", { postId: "p1" }, stale)).toBe("before the write");
    expect(await sharedRead("acme", "post", { postId: "p1" }, async () => (reads++, "after the write"))).toBe("after the write");
    expect(reads).toBe(2);
  });
});
