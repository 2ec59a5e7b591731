-- The posts of one workspace whose search vector matches a full-text query, at most `cap`, found
-- through the GIN index "Post_search_idx" (lib/domain/posts/search.ts): whole rows, so a rare word's page
-- is sorted from them without reading any other index.
--
-- PostgreSQL cannot estimate a prefix query: every 'word':* is guessed at 2% of the rows whatever
-- the statistics say. So under `ORDER BY "createdAt" DESC LIMIT 21` it walks the workspace's
-- createdAt index and filters, which is right for a common word and ruinous for a rare one (a
-- word no post holds read all 1,000,000 posts of the benchmark's workspace: 841 ms). Inside this
-- function only bitmap scans are allowed, so its cost is the number of matches, bounded by `cap`;
-- the caller counts them first and, when they are few, reads its page from this function. The SET clauses keep the
-- function from being inlined and apply to its statement only.
CREATE FUNCTION post_search_hits(workspace_id text, query tsquery, cap integer)
RETURNS SETOF "Post"
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
SET enable_indexonlyscan = off
AS $$
  SELECT p.* FROM "Post" p WHERE p."workspaceId" = workspace_id AND p.search @@ query LIMIT cap
$$;
