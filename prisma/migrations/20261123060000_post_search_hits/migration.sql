-- The posts of one workspace whose search vector matches a full-text query, at most `cap`, found
-- through the GIN index "Post_search_idx" (lib/posts/search.ts).
--
-- PostgreSQL cannot estimate a prefix query: every 'word':* is guessed at 2% of the rows whatever
-- the statistics say. So under `ORDER BY "createdAt" DESC LIMIT 21` it walks the workspace's
-- createdAt index and filters, which is right for a common word and ruinous for a rare one (a
-- word no post holds read all 1,000,000 posts of the benchmark's workspace: 841 ms). Inside this
-- function only bitmap scans are allowed, so its cost is the number of matches, bounded by `cap`;
-- the caller decides with that number which plan the page query gets. The SET clauses keep the
-- function from being inlined and apply to its statement only.
CREATE FUNCTION post_search_hits(workspace_id text, query tsquery, cap integer)
RETURNS TABLE (id text)
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
SET enable_indexonlyscan = off
AS $$
  SELECT p.id FROM "Post" p WHERE p."workspaceId" = workspace_id AND p.search @@ query LIMIT cap
$$;
