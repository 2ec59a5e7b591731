import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { createReleaseNote } from "@/lib/changelog/create-release-note";
import { listPublishedReleaseNotes } from "@/lib/changelog/list-release-notes";
import { createReleaseNoteBody, listReleaseNotesQuery } from "@/lib/changelog/schemas";
import { releaseNoteSchema } from "@/lib/changelog/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "changelog:read",
      schemas: { query: listReleaseNotesQuery },
      operation: { id: "listReleaseNotes", summary: "List published release notes", description: "Newest first.", response: releaseNoteSchema, paginated: true },
    },
    ({ query }, ctx) => listPublishedReleaseNotes(ctx.db, query),
  ),
  POST: defineRoute(
    {
      scope: "changelog:write",
      schemas: { body: createReleaseNoteBody },
      status: 201,
      operation: {
        id: "createReleaseNote",
        summary: "Create a release note",
        description: 'Published at once unless `"publish": false` (then a draft).',
        response: releaseNoteSchema,
        errors: ["PLAN_LIMIT"],
      },
    },
    async ({ body }, ctx) => ({ data: await createReleaseNote(ctx, body) }),
  ),
});
