/** Reads until `ok` holds of what was read, every 50 ms; throws after `ms`. */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
