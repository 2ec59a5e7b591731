/**
 * Gathers the ids handed to `add` within one turn of the event loop and writes them with one call
 * of `write`; each caller's promise settles with its batch. A busy queue's finished jobs are then
 * recorded by one statement instead of one each.
 */
export function batchWrites(write: (ids: string[]) => Promise<unknown>): { add(id: string): Promise<void> } {
  let pending: { ids: string[]; written: Promise<void> } | undefined;
  return {
    add(id) {
      if (!pending) {
        const batch: { ids: string[]; written: Promise<void> } = { ids: [], written: Promise.resolve() };
        batch.written = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
          if (pending === batch) pending = undefined;
          await write(batch.ids);
        });
        pending = batch;
      }
      pending.ids.push(id);
      return pending.written;
    },
  };
}
