import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { listComponents } from "@/lib/status/list-components";
import { listComponentsQuery } from "@/lib/status/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "status:read", schemas: { query: listComponentsQuery } }, ({ query }, ctx) => listComponents(ctx.db, query)),
});
