// Runs once when a server starts, whatever launched it. Production must not start without its
// secrets (scripts/start.mjs checks first, with a friendlier message); every start says which
// database and which rate limiter it uses, so an operator never has to guess.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NODE_ENV === "production") {
    const { assertProductionSecrets } = await import("@/lib/env");
    assertProductionSecrets();
  }
  const [{ describeTarget, resolveDatabaseTarget }, { apiRateLimitPerMinute, describeRateLimiter }] = await Promise.all([
    import("@/lib/db/target"),
    import("@/lib/ratelimit"),
  ]);
  console.log(`[startup] database: ${describeTarget(resolveDatabaseTarget())}`);
  console.log(`[startup] API rate limit: ${apiRateLimitPerMinute()} requests per minute per key, counted ${describeRateLimiter()}`);
}
