import { describe, expect, it } from "vitest";
import { findOrStartRedis, redisAnswers, startLocalRedis } from "@/scripts/lib/local-redis.mjs";
import { freePort } from "@/scripts/lib/free-port.mjs";

// `npm test` needs a Redis for the Upstash bridge's tests and the Upstash pass. Where none runs it
// starts one itself, so the suite asks nothing of a machine with Redis installed but not running.
describe("the Redis npm test uses", () => {
  it("starts a throwaway redis-server on a free loopback port and stops it at the end", async () => {
    const redis = await startLocalRedis();
    expect(redis, "redis-server is installed (the README's prerequisites)").not.toBeNull();
    expect(redis!.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    expect(await redisAnswers(redis!.url)).toBe(true);
    await redis!.stop();
    expect(await redisAnswers(redis!.url)).toBe(false);
  });

  it("a REDIS_URL that does not answer is reported, not replaced by another Redis", async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    expect(await findOrStartRedis({ REDIS_URL: url })).toEqual({ url: null, source: `no Redis at ${url}` });
  });

  it("without redis-server installed there is nothing to start", async () => {
    expect(await startLocalRedis("no-such-redis-server")).toBeNull();
  });

  it("with nothing set it uses a Redis on the usual port, or starts one, and says which", async () => {
    const redis = await findOrStartRedis({});
    expect(redis.url).not.toBeNull();
    expect(redis.source).toMatch(/^(found running locally|started for this run \(redis-server, in memory\))$/);
    expect(await redisAnswers(redis.url!)).toBe(true);
    if (redis.url) await redis.stop();
  });
});
