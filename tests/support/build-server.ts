import { buildServer } from "../../scripts/build-server.mjs";

// Once per run, before any test file: the compiled server, worker and migrations (.server/) from
// the sources as they are now, as `npm run build` makes them, so a test that starts the production
// server or the worker runs what production runs and never a stale copy. (Next's own build, .next/,
// is `npm run build`'s: the tests that serve it need it made first.)
export default async function buildCompiledServer() {
  await buildServer();
}
