import type { SortSpec } from "@/lib/platform/core/pagination";

// What the companies behind a post's votes pay a month: each company counted once however many of
// its people voted (the SSO claims, lib/domain/sso), in whole units, capped to what a cursor holds.
// A correlated subquery over the post's votes: a post has few voters with companies, and the
// inbox reads 50 posts a page.
const VOTERS_COMPANIES = `c.id IN (SELECT uc."companyId" FROM "Vote" v JOIN "SsoUserCompany" uc ON uc."userId" = v."userId" WHERE v."postId" = "Post".id)`;
export const VOTER_SPEND_SQL = `(SELECT LEAST(COALESCE(FLOOR(SUM(c."monthlySpend")), 0), 2147483647)::int FROM "SsoCompany" c
  WHERE ${VOTERS_COMPANIES})`;

/** The same sum to the cent, for one post's page (which shows more voters than it lists). */
export const VOTER_SPEND_EXACT_SQL = `(SELECT COALESCE(SUM(c."monthlySpend"), 0)::float8 FROM "SsoCompany" c WHERE ${VOTERS_COMPANIES})`;

/** The inbox's "most customer spend first": by the voters' companies' monthly spend, then newest id. */
export const SPEND_SORT: SortSpec = { name: "spend", field: "voterSpend", direction: "desc", kind: "number", expression: VOTER_SPEND_SQL };
