import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The in-process half of the resource lock, which is the whole lock on embedded PGlite: work under
// one name runs one at a time, in the order it came; other names do not wait; a failure passes
// the turn on. (The PostgreSQL half is raced through the API in tests/api/conditional.test.ts.)

const saved = process.env.DATABASE_URL;
beforeAll(() => {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = "memory://";
});
afterAll(() => {
  if (saved !== undefined) process.env.DATABASE_URL = saved;
});

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("withResourceLock without PostgreSQL", () => {
  it("one name: one at a time, in order; a failure passes the turn on; another name runs meanwhile", async () => {
    const { withResourceLock } = await import("@/lib/platform/db/resource-lock");
    const log: string[] = [];
    const first = gate();
    const a = withResourceLock("post:1", async () => {
      log.push("a starts");
      await first.opened;
      log.push("a ends");
      return "a";
    });
    const b = withResourceLock("post:1", async () => {
      log.push("b runs");
      throw new Error("b failed");
    });
    const c = withResourceLock("post:1", async () => {
      log.push("c runs");
      return "c";
    });
    const other = await withResourceLock("post:2", async () => {
      log.push("other runs");
      return "other";
    });
    expect(other).toBe("other");
    expect(log).toEqual(["a starts", "other runs"]);
    first.open();
    await expect(a).resolves.toBe("a");
    await expect(b).rejects.toThrow("b failed");
    await expect(c).resolves.toBe("c");
    expect(log).toEqual(["a starts", "other runs", "a ends", "b runs", "c runs"]);
  });
});
