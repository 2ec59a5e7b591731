import { afterEach } from "vitest";
import { startReceiver } from "./receiver";

// What a test started (receivers, pumps, workers), stopped once it ends, the last started first.
// Imported by a test file, it registers the file's afterEach.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export function afterTest(cleanup: () => Promise<unknown>): void {
  cleanups.push(cleanup);
}

/** A receiver on a free local port, closed after the test. */
export async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(answer);
  afterTest(() => started.close());
  return started;
}
