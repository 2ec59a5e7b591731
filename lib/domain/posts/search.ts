import type { SearchHits } from "@/lib/platform/db/scoped-statements";
import type { SqlFragment } from "@/lib/platform/core/sql-fragment";

// Post search (the API's `q`, the inbox, the portal's similar posts, the merge picker): Postgres
// full-text search over title and body with the 'simple' configuration — words are lowercased
// but neither stemmed nor dropped as stop words, because feedback arrives in every language and
// 'english' would stem "Spanish" posts into nonsense. Every word of `q` must occur; the last one
// matches as a prefix, so results follow the visitor's typing ("dark mo" finds "dark mode").
//
// `search` is a stored generated column (title and body as a tsvector) with the GIN index
// `Post_search_idx`: migration 20261123023500_post_search_index.
export const POST_SEARCH_VECTOR = `search`;

/** Words of a search: runs of letters and digits, as Postgres' parser splits them, bounded. */
const WORD = /[\p{L}\p{N}]+/gu;
const MAX_WORDS = 16;

/**
 * The tsquery text for `q` ('dark' & 'mo':*), or null when it holds no word at all (only
 * punctuation), which matches nothing. Words are letters and digits only, so quoting them is safe.
 */
export function searchTsQuery(q: string): string | null {
  const words = (q.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((word, i) => `'${word}'${i === words.length - 1 ? ":*" : ""}`).join(" & ");
}

/**
 * Up to this many matches, a search is answered from the list of their ids; beyond it the word is
 * common (0.2% of a million posts), and walking the sort's own index finds a page of matches in a
 * few thousand rows.
 */
export const SEARCH_HITS_CAP = 2_000;

/**
 * How a list applies `q`. PostgreSQL guesses every prefix query at 2% of the rows, so left to
 * itself it walks the whole workspace in sort order for a word that few posts (or none) hold
 * (841 ms at a million posts for a word no post has). So a list first reads the matches from the
 * search index alone, at most SEARCH_HITS_CAP + 1 of them (`hits`: migration
 * 20261123060000_post_search_hits), and filters, sorts and pages among them; only when more
 * match is the word common enough for the sort's index walk with the `predicate`.
 * Null when `q` holds no word at all (only punctuation), which matches nothing.
 */
export function postSearch(q: string): { hits: SearchHits; predicate: SqlFragment } | null {
  const tsquery = searchTsQuery(q);
  if (tsquery === null) return null;
  return {
    hits: { tsquery, cap: SEARCH_HITS_CAP },
    predicate: { strings: [`${POST_SEARCH_VECTOR} @@ to_tsquery('simple'::regconfig, `, `)`], values: [tsquery] },
  };
}
