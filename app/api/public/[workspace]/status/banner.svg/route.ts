import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { getStatusBanner } from "@/lib/domain/status/get-status-banner";
import { renderStatusBanner } from "@/lib/surfaces/public-api/render-status-banner";
import { badgeQuery, workspaceParams } from "@/lib/surfaces/public-api/schemas";

// An SVG answer is a document a browser may open on its own: no scripts, no outside resources.
const BANNER_HEADERS = { "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'" };
const bannerQuery = badgeQuery.pick({ lang: true });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "status",
      schemas: { params: workspaceParams, query: bannerQuery },
      operation: {
        id: "getPublicStatusBannerSvg",
        summary: "Status banner (SVG)",
        description: "One line: the active incident's or maintenance's title on the indicator's colour, else the overall state. `lang` picks the words.",
        media: { contentType: "image/svg+xml", description: "An SVG banner." },
      },
    },
    async ({ query }, ctx) => {
      const { data, validUntil } = await getStatusBanner(ctx.db);
      return { validUntil, body: renderStatusBanner(data, query.lang), contentType: "image/svg+xml; charset=utf-8", headers: BANNER_HEADERS };
    },
  ),
);
