import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { findMemberByEmail } from "@/lib/domain/members/find-member-by-email";
import { findMemberQuery } from "@/lib/domain/members/schemas";
import { memberSchema } from "@/lib/domain/members/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "members:read",
      schemas: { query: findMemberQuery },
      operation: {
        id: "findMember",
        summary: "Look up a member by email",
        description: "Case-insensitive; 404 when the address is not a member of this workspace.",
        response: memberSchema,
        errors: ["NOT_FOUND"],
      },
    },
    async ({ query }, ctx) => ({ data: await findMemberByEmail(ctx.db, query.email) }),
  ),
});
