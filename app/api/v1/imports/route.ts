import { z } from "zod";
import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { listImports } from "@/lib/domain/imports/list-imports";
import { startImport, startImportBody } from "@/lib/domain/imports/start-import";
import { importSchema } from "@/lib/domain/imports/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "migration:read",
      operation: { id: "listImports", summary: "List imports", description: "The latest 20, newest first.", response: z.array(importSchema) },
    },
    async (_input, ctx) => ({ data: await listImports(ctx) }),
  ),
  POST: defineRoute(
    {
      scope: "migration:write",
      schemas: { body: startImportBody },
      status: 201,
      operation: {
        id: "startImport",
        summary: "Start an import from a source's API",
        description:
          "For `canny` (`options.apiKey`) and `statuspage` (`options.apiKey`, `options.pageId`, `options.includeSubscribers`). The key is checked at once (a wrong key or page id is a 400 naming the request); the preview then runs in the background: poll `GET /imports/{id}`. Sources read from a file start with `POST /imports/upload`. One import runs at a time per workspace.",
        response: importSchema,
        errors: ["CONFLICT"],
      },
    },
    async ({ body }, ctx) => ({ data: await startImport(ctx, body) }),
  ),
});
