import { z } from "zod";
import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { reorderComponents } from "@/lib/domain/status/reorder-components";
import { reorderComponentsBody } from "@/lib/domain/status/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "status:write",
      schemas: { body: reorderComponentsBody },
      operation: {
        id: "reorderStatusComponents",
        summary: "Put the status components in a new order",
        description: "`ids` lists every component once, in the new order; a list that is not exactly the current components answers 409 and nothing moves.",
        response: z.strictObject({ ids: z.array(z.string()) }).meta({ id: "ComponentOrder" }),
        errors: ["CONFLICT"],
      },
    },
    async ({ body }, ctx) => ({ data: await reorderComponents(ctx, body) }),
  ),
});
