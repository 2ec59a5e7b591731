// Runs once when a server starts, whatever launched it: production must not start without its
// secrets (scripts/start.mjs checks first, with a friendlier message).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NODE_ENV !== "production") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { assertProductionSecrets } = await import("@/lib/env");
  assertProductionSecrets();
}
