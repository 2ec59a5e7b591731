import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { buildChangelogFeed, FEED_ENTRIES } from "@/lib/surfaces/public-api/build-changelog-feed";
import { listPublicReleaseNotes } from "@/lib/domain/changelog/list-release-notes";
import { workspaceParams } from "@/lib/surfaces/public-api/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "content",
      schemas: { params: workspaceParams },
      operation: {
        id: "getPublicChangelogFeed",
        summary: "Changelog Atom feed",
        media: { contentType: "application/atom+xml", description: `An Atom 1.0 feed of the latest ${FEED_ENTRIES} published release notes.` },
      },
    },
    async (_input, ctx) => {
      const { data, validUntil } = await listPublicReleaseNotes(ctx.db, ctx.audience, { limit: FEED_ENTRIES });
      return {
        validUntil,
        body: buildChangelogFeed(ctx.workspace, data, ctx.origin),
        contentType: "application/atom+xml; charset=utf-8",
        headers: { "Content-Security-Policy": "default-src 'none'" },
      };
    },
  ),
);
