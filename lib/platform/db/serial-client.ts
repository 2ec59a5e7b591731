import pg from "pg";

/**
 * A pg client that queues its own promise-style queries one after another.
 *
 * Prisma's driver adapter sometimes sends several statements of one interactive transaction at
 * once (a large createMany split into chunks, a nested include). pg has always queued those on
 * the connection itself, but it now warns that doing so is deprecated and will throw in its next
 * major version. Waiting for the previous query before handing over the next is exactly what pg
 * did internally, without the warning and without depending on behaviour that is going away.
 * Callback and submittable queries (the pool's own `pool.query`, cursors) pass straight through:
 * their callers already wait for each answer.
 */
export class SerialClient extends pg.Client {
  #tail: Promise<unknown> = Promise.resolve();

  // pg's overloads cannot be restated one by one here; the arguments go through unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [first] = args;
    const awaited = typeof args.at(-1) !== "function" && !(first && typeof first === "object" && typeof first.submit === "function");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const send = () => (super.query as (...rest: any[]) => any).apply(this, args);
    if (!awaited) return send();
    const result = this.#tail.then(send);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
