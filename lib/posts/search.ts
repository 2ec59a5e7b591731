import { sqlFragment, type SqlFragment } from "@/lib/db/sql-fragment";

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

/** The WHERE fragment for `q`. */
export function postSearchFilter(q: string): SqlFragment {
  const tsquery = searchTsQuery(q);
  if (tsquery === null) return sqlFragment`false`;
  return { strings: [`${POST_SEARCH_VECTOR} @@ to_tsquery('simple'::regconfig, `, `)`], values: [tsquery] };
}
