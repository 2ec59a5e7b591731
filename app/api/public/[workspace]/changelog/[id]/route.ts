import { definePublicRoute, publicRoutes } from "@/lib/public/define-public-route";
import { getPublicReleaseNote } from "@/lib/changelog/get-release-note";
import { releaseNoteParams } from "@/lib/public/schemas";
import { publicReleaseNoteSchema } from "@/lib/changelog/view";

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
