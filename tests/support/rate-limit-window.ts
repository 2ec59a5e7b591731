/**
 * The sliding window counts in fixed one-minute buckets (weighting the previous one), so exact
 * countdowns hold within one bucket. Waits for a fresh bucket when the current one is nearly over.
 */
export async function startOfUsableWindow(windowMs = 60_000, needMs = 8_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
