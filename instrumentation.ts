// Runs once when a server starts, whatever launched it. The work lives in instrumentation-node.ts,
// imported only under the Node.js runtime: Next also compiles this file for the Edge runtime, where
// its Node APIs (process.execArgv, node:v8) drew ~45 warnings per request in `next dev`.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { registerNode } = await import("./instrumentation-node");
  await registerNode();
}
