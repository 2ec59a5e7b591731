// `npm run dev` compiles a page the first time someone opens it, and a new user waited 5-18 s on
// each of the first few. Right after the dev server starts, this asks it for the pages a new user
// opens first, one after the other, so they are compiled by the time that user gets there. Pages
// behind sign-in are compiled too: the request reaches the page, which answers with the redirect.
// Development only; never awaited; a page that fails is simply left to compile on first visit.

// A post's page is compiled once for every post: any id reaches it (an unknown one answers 404).
const FIRST_PAGES = [
  "/sign-in",
  "/",
  "/workspaces",
  "/w/acme",
  "/w/acme/posts",
  "/w/acme/posts/warm-up",
  "/w/acme/roadmap",
  "/w/acme/status",
  "/w/acme/settings",
  "/p/acme",
  "/p/acme/posts/warm-up",
  "/p/acme/status",
  "/dev/outbox",
];

type Log = { info: (fields: object, message: string) => void };

export function warmFirstPages(origin: string, log: Log, pages: readonly string[] = FIRST_PAGES, waitMs = 120_000): Promise<number> {
  return (async () => {
    const started = Date.now();
    // The server is not listening yet while its start hook runs: wait until it answers.
    while (!(await fetch(`${origin}/api/health`).then((response) => response.arrayBuffer(), () => null))) {
      if (Date.now() - started > waitMs) return 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    let warmed = 0;
    for (const page of pages) {
      const answered = await fetch(`${origin}${page}`, { redirect: "manual", headers: { "x-dev-warmup": "1" } }).then(
        (response) => response.arrayBuffer().then(() => response.status < 500),
        () => false,
      );
      if (answered) warmed++;
    }
    log.info({ pages: warmed, seconds: Math.round((Date.now() - started) / 1000) }, "development: first pages compiled ahead of the first visit");
    return warmed;
  })();
}
