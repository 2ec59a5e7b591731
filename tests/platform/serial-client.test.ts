import { afterAll, describe, expect, it } from "vitest";
import { createPool } from "@/lib/platform/db/client";
import { SerialClient } from "@/lib/platform/db/serial-client";

// pg warns once per process, then will throw in its next major version, when a second query is
// handed to a client that is still running one. Prisma's adapter does that inside interactive
// transactions; the pool's clients queue such queries themselves, so neither happens.

const warnings: string[] = [];
process.on("warning", (warning) => warnings.push(`${warning.name}: ${warning.message}`));
const pgWarnings = () => warnings.filter((text) => text.includes("already executing a query"));

const pool = createPool(process.env.DATABASE_URL!);
afterAll(() => pool.end());

describe.skipIf(!process.env.DATABASE_URL)("queries sent together on one connection", () => {
  it("run one after another, in the order sent, each with its own answer and error, without pg's warning", async () => {
    const client = await pool.connect();
    try {
      expect(client).toBeInstanceOf(SerialClient);
      const order: number[] = [];
      const [slow, fast, failed, after] = await Promise.allSettled([
        client.query("SELECT pg_sleep(0.05), 1 AS n").then((result) => (order.push(1), result.rows[0].n)),
        client.query({ text: "SELECT $1::int AS n", values: [2] }).then((result) => (order.push(2), result.rows[0].n)),
        client.query("SELECT * FROM no_such_table"),
        client.query("SELECT 4 AS n").then((result) => (order.push(4), result.rows[0].n)),
      ]);
      expect(slow).toEqual({ status: "fulfilled", value: 1 });
      expect(fast).toEqual({ status: "fulfilled", value: 2 });
      expect(failed.status).toBe("rejected");
      expect(after).toEqual({ status: "fulfilled", value: 4 });
      expect(order).toEqual([1, 2, 4]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(pgWarnings()).toEqual([]);
    } finally {
      client.release();
    }
  });
});
