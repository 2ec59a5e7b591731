import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { getPublicStatus } from "@/lib/domain/status/get-public-status";
import { renderStatusBadge } from "@/lib/surfaces/public-api/render-status-badge";
import { badgeQuery, workspaceParams } from "@/lib/surfaces/public-api/schemas";

// An SVG answer is a document a browser may open on its own: no scripts, no outside resources.
const BADGE_HEADERS = { "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'" };

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "status",
      schemas: { params: workspaceParams, query: badgeQuery },
      operation: {
        id: "getPublicStatusBadge",
        summary: "Status badge (SVG)",
        description: "For a README: `![status](…/status/badge.svg)`. A label over 40 characters is cut, not refused.",
        media: { contentType: "image/svg+xml", description: "An SVG badge with the overall indicator." },
      },
    },
    async ({ query }, ctx) => {
      const { data, validUntil } = await getPublicStatus(ctx.db);
      return {
        validUntil,
        body: renderStatusBadge({ indicator: data.indicator, label: query.label || undefined, style: query.style, locale: query.lang }),
        contentType: "image/svg+xml; charset=utf-8",
        headers: BADGE_HEADERS,
      };
    },
  ),
);
