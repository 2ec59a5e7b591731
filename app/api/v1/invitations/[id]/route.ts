import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { revokedInvitationSchema } from "@/lib/domain/members/schemas";
import { revokeInvitation } from "@/lib/domain/members/revoke-invitation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  DELETE: defineRoute(
    {
      scope: "members:write",
      schemas: { params: idParams },
      operation: { id: "revokeInvitation", summary: "Withdraw a pending invitation", description: "Its link stops working.", response: revokedInvitationSchema },
    },
    async ({ params }, ctx) => ({ data: await revokeInvitation(ctx, { invitationId: params.id }) }),
  ),
});
