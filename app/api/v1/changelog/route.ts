import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { createReleaseNote } from "@/lib/domain/changelog/create-release-note";
import { listReleaseNotes } from "@/lib/domain/changelog/list-release-notes";
import { readableState } from "@/lib/domain/changelog/read-state";
import { createReleaseNoteBody, listReleaseNotesQuery } from "@/lib/domain/changelog/schemas";
import { releaseNoteSchema } from "@/lib/domain/changelog/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "changelog:read",
      schemas: { query: listReleaseNotesQuery },
      operation: {
        id: "listReleaseNotes",
        summary: "List release notes",
        description:
          "Published notes, newest first. Keys with changelog:write may ask for `?state=draft|scheduled|all` (drafts and `all` newest created first; scheduled by publication date).",
        response: releaseNoteSchema,
        paginated: true,
        errors: ["INSUFFICIENT_SCOPES"],
      },
    },
    ({ query }, ctx) => listReleaseNotes(ctx.db, ctx, { ...query, state: readableState(ctx, query.state) }),
  ),
  POST: defineRoute(
    {
      scope: "changelog:write",
      schemas: { body: createReleaseNoteBody },
      status: 201,
      operation: {
        id: "createReleaseNote",
        summary: "Create a release note",
        description: 'Published at once unless `"publish": false` (then a draft), or scheduled with a future `publishedAt`.',
        response: releaseNoteSchema,
        errors: ["PLAN_LIMIT", "NOT_FOUND"],
      },
    },
    async ({ body }, ctx) => ({ data: await createReleaseNote(ctx, body) }),
  ),
});
