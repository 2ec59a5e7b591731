import { z } from "zod";
import { apiRoutes, defineRoute, type ApiContext } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { componentSchema, componentView } from "@/lib/domain/status/component-view";
import { deleteComponent } from "@/lib/domain/status/delete-component";
import { getComponentOrThrow } from "@/lib/domain/status/get-component";
import { updateComponentBody } from "@/lib/domain/status/schemas";
import { updateComponent } from "@/lib/domain/status/update-component";

const currentComponent = async ({ params }: { params: { id: string } }, ctx: ApiContext) => componentView(await getComponentOrThrow(ctx.db, params.id));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    { scope: "status:read", schemas: { params: idParams }, operation: { id: "getStatusComponent", summary: "Get a status component", response: componentSchema } },
    async (input, ctx) => ({ data: await currentComponent(input, ctx) }),
  ),
  PATCH: defineRoute(
    {
      scope: "status:write",
      schemas: { params: idParams, body: updateComponentBody },
      operation: { id: "updateStatusComponent", summary: "Rename or re-describe a status component", description: "Its status changes through incidents and maintenance.", response: componentSchema },
      current: currentComponent,
    },
    async ({ params, body }, ctx) => ({ data: await updateComponent(ctx, params.id, body) }),
  ),
  DELETE: defineRoute(
    {
      scope: "status:write",
      schemas: { params: idParams },
      operation: {
        id: "deleteStatusComponent",
        summary: "Delete a status component",
        description: "409 while an active incident affects it: resolve the incident first.",
        response: z.strictObject({ id: z.string() }).meta({ id: "DeletedStatusComponent" }),
        errors: ["CONFLICT"],
      },
      current: currentComponent,
    },
    async ({ params }, ctx) => ({ data: await deleteComponent(ctx, params.id) }),
  ),
});
