import { apiRoutes, defineRoute, type ApiContext } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { changeMemberRole } from "@/lib/domain/members/change-member-role";
import { getMember } from "@/lib/domain/members/get-member";
import { removeMember } from "@/lib/domain/members/remove-member";
import { changeRoleBody, removedMemberSchema, roleChangeSchema } from "@/lib/domain/members/schemas";
import { memberSchema } from "@/lib/domain/members/view";

// The path's id is the member's user id (the `userId` of a member).
const currentMember = ({ params }: { params: { id: string } }, ctx: ApiContext) => getMember(ctx.db, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    { scope: "members:read", schemas: { params: idParams }, operation: { id: "getMember", summary: "Get a member by user id", response: memberSchema } },
    async (input, ctx) => ({ data: await currentMember(input, ctx) }),
  ),
  PATCH: defineRoute(
    {
      scope: "members:write",
      schemas: { params: idParams, body: changeRoleBody },
      operation: {
        id: "changeMemberRole",
        summary: "Change a member's role",
        description:
          "Takes effect at once, on the member's API keys too. Only an owner changes an owner's role or makes someone an owner (403); the last owner cannot be demoted (409).",
        response: roleChangeSchema,
        errors: ["CONFLICT"],
      },
      current: currentMember,
    },
    async ({ params, body }, ctx) => ({ data: await changeMemberRole(ctx, { userId: params.id, role: body.role }) }),
  ),
  DELETE: defineRoute(
    {
      scope: "members:write",
      schemas: { params: idParams },
      operation: {
        id: "removeMember",
        summary: "Remove a member",
        description: "Revokes the API keys they created. Only an owner removes an owner; the last owner cannot be removed (409).",
        response: removedMemberSchema,
        errors: ["CONFLICT"],
      },
      current: currentMember,
    },
    async ({ params }, ctx) => ({ data: await removeMember(ctx, { userId: params.id }) }),
  ),
});
