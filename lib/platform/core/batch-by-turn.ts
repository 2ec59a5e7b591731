/**
 * Gathers the inputs handed to `call` within one turn of the event loop and runs them with one
 * call of `runMany`, which answers each input's result in the same order; each caller gets its
 * own. Work that many jobs do at nearly the same moment (recording them done, loading their rows)
 * then costs one statement per turn instead of one each.
 */
export function batchByTurn<I, R>(runMany: (inputs: I[]) => Promise<R[]>, options: { gatherMs?: number } = {}): (input: I) => Promise<R> {
  // `gatherMs`: the batch waits that long after its first input instead of one turn, for inputs
  // that arrive spread out (answers of several receivers) but need not be acted on at once.
  const gathered = (resolve: () => void) => (options.gatherMs ? setTimeout(resolve, options.gatherMs) : setImmediate(resolve));
  let pending: { inputs: I[]; results: Promise<R[]> } | undefined;
  return (input) => {
    if (!pending) {
      const batch: { inputs: I[]; results: Promise<R[]> } = { inputs: [], results: Promise.resolve([]) };
      batch.results = new Promise<void>((resolve) => gathered(resolve)).then(() => {
        if (pending === batch) pending = undefined;
        return runMany(batch.inputs);
      });
      pending = batch;
    }
    const index = pending.inputs.push(input) - 1;
    return pending.results.then((results) => results[index]!);
  };
}
