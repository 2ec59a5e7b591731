import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { getPublicReleaseNote } from "@/lib/domain/changelog/get-release-note";
import { releaseNoteParams } from "@/lib/surfaces/public-api/schemas";
import { publicReleaseNoteSchema } from "@/lib/domain/changelog/view";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "content",
      schemas: { params: releaseNoteParams },
      operation: { id: "getPublicReleaseNote", summary: "Get a published release note", response: publicReleaseNoteSchema },
    },
    ({ params }, ctx) => getPublicReleaseNote(ctx.db, ctx.audience, params.id),
  ),
);
