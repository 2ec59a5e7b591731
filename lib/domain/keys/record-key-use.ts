import { db } from "@/lib/platform/db/client";
import { describeError } from "@/lib/platform/log/describe-error";
import { repeatedWarning } from "@/lib/platform/log/repeated";

// "Last used" without a database write per request: uses are noted in memory and written in one
// statement per flush, every FLUSH_MS (a restart loses at most that much of "last used"). The
// dashboard merges the notes it has not flushed yet, so the figure it shows is current for this
// instance.
//
// The notes live on globalThis: Next bundles route handlers and server-rendered pages separately,
// each with its own copy of this module, and the dashboard must see the notes the API made.
const FLUSH_MS = 30_000;
const state = ((globalThis as { __apiKeyUse?: { pending: Map<string, Date>; timer?: NodeJS.Timeout } }).__apiKeyUse ??= {
  pending: new Map<string, Date>(),
});
const pending = state.pending;

export function recordKeyUse(keyId: string, at = new Date()): void {
  pending.set(keyId, at);
  if (!state.timer) {
    state.timer = setTimeout(() => void flushKeyUse(), FLUSH_MS);
    state.timer.unref();
  }
}

export function pendingLastUse(keyId: string): Date | undefined {
  return pending.get(keyId);
}

export async function flushKeyUse(): Promise<void> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  if (pending.size === 0) return;
  const batch = [...pending.entries()];
  pending.clear();
  const ids = batch.map(([id]) => id);
  const times = batch.map(([, at]) => at.toISOString());
  try {
    // GREATEST keeps a newer time another instance may have written meanwhile.
    await db.$executeRaw`
      UPDATE "ApiKey" AS k SET "lastUsedAt" = GREATEST(k."lastUsedAt", u.at)
      FROM unnest(${ids}::text[], ${times}::timestamptz[]) AS u(id, at)
      WHERE k.id = u.id`;
  } catch (error) {
    repeatedWarning.report("api-key-last-use", { error: describeError(error) }, "could not record API key last use; will retry");
    for (const [id, at] of batch) if (!pending.has(id)) pending.set(id, at);
    if (!state.timer) {
      state.timer = setTimeout(() => void flushKeyUse(), FLUSH_MS);
      state.timer.unref();
    }
  }
}
