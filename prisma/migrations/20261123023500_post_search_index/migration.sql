-- Written by hand: Prisma's schema cannot express an expression index (introspection skips it,
-- so the drift check neither sees nor misses it). Full-text search over a post's title and body
-- for `q` (lib/posts/search.ts spells the same expression; the planner needs it verbatim).
CREATE INDEX "Post_search_idx" ON "Post" USING GIN (to_tsvector('simple'::regconfig, title || ' ' || body));
