import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { getReleaseNote } from "@/lib/domain/changelog/get-release-note";
import { readableState } from "@/lib/domain/changelog/read-state";
import { getReleaseNoteQuery, updateReleaseNoteBody } from "@/lib/domain/changelog/schemas";
import { updateReleaseNote } from "@/lib/domain/changelog/update-release-note";
import { releaseNoteSchema } from "@/lib/domain/changelog/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "changelog:read",
      schemas: { params: idParams, query: getReleaseNoteQuery },
      operation: {
        id: "getReleaseNote",
        summary: "Get a release note",
        description: "A published note; a draft or scheduled one answers 404 unless a key with changelog:write asks with `?state=` naming its state (or `all`).",
        response: releaseNoteSchema,
        errors: ["INSUFFICIENT_SCOPES"],
      },
    },
    async ({ params, query }, ctx) => ({ data: await getReleaseNote(ctx.db, ctx, params.id, readableState(ctx, query.state)) }),
  ),
  PATCH: defineRoute(
    {
      scope: "changelog:write",
      schemas: { params: idParams, body: updateReleaseNoteBody },
      operation: {
        id: "updateReleaseNote",
        summary: "Edit, publish, unpublish or schedule a release note",
        description:
          '`"status": "published"` publishes now (a live note keeps its date); with a future `publishedAt` it is scheduled and stays invisible to readers until then; `"status": "draft"` unpublishes. A past `publishedAt` answers 400. With `version`, a note edited since answers 409 and nothing is written.',
        response: releaseNoteSchema,
        errors: ["CONFLICT"],
      },
      // What GET answers for this note, whatever its state: a key that may write may read drafts.
      current: async ({ params }, ctx) => getReleaseNote(ctx.db, ctx, params.id, readableState(ctx, "all")),
    },
    async ({ params, body }, ctx) => ({ data: await updateReleaseNote(ctx, params.id, body) }),
  ),
});
