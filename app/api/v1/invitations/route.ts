import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { addMember } from "@/lib/domain/members/add-member";
import { invitationSchema, inviteBody } from "@/lib/domain/members/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "members:write",
      schemas: { body: inviteBody },
      status: 201,
      operation: {
        id: "inviteMember",
        summary: "Invite someone by email",
        description:
          "Mails a single-use link; they join once they accept it from an account that has proven the address. An address that is already a member, or already invited, answers 409 naming `email`; only an owner invites an owner (403). Pending invitations count against the Free plan's member limit. Throttled per address (429).",
        response: invitationSchema,
        errors: ["CONFLICT", "PLAN_LIMIT"],
      },
    },
    async ({ body }, ctx) => {
      const { invitationId, email, role } = await addMember(ctx, body, { ip: `api-key:${ctx.keyId}` });
      return { data: { invitationId, email, role } };
    },
  ),
});
