import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { findMemberByEmail } from "@/lib/members/find-member-by-email";
import { findMemberQuery } from "@/lib/members/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "members:read", schemas: { query: findMemberQuery } }, async ({ query }, ctx) => ({
    data: await findMemberByEmail(ctx.db, query.email),
  })),
});
