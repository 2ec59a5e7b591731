import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { createReleaseNote } from "@/lib/changelog/create-release-note";
import { listPublishedReleaseNotes } from "@/lib/changelog/list-release-notes";
import { createReleaseNoteBody, listReleaseNotesQuery } from "@/lib/changelog/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "changelog:read", schemas: { query: listReleaseNotesQuery } }, ({ query }, ctx) =>
    listPublishedReleaseNotes(ctx.db, query),
  ),
  POST: defineRoute({ scope: "changelog:write", schemas: { body: createReleaseNoteBody }, status: 201 }, async ({ body }, ctx) => ({
    data: await createReleaseNote(ctx, body),
  })),
});
