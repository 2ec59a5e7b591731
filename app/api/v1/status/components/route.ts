import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { componentSchema } from "@/lib/domain/status/component-view";
import { listComponents } from "@/lib/domain/status/list-components";
import { createComponent } from "@/lib/domain/status/create-component";
import { createComponentBody, listComponentsQuery } from "@/lib/domain/status/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "status:read",
      schemas: { query: listComponentsQuery },
      operation: { id: "listStatusComponents", summary: "List status components", description: "In status-page order.", response: componentSchema, paginated: true },
    },
    ({ query }, ctx) => listComponents(ctx.db, query),
  ),
  POST: defineRoute(
    {
      scope: "status:write",
      schemas: { body: createComponentBody },
      status: 201,
      operation: { id: "createStatusComponent", summary: "Add a status component", description: "At the end of the status page, operational.", response: componentSchema, errors: ["PLAN_LIMIT"] },
    },
    async ({ body }, ctx) => ({ data: await createComponent(ctx, body) }),
  ),
});
