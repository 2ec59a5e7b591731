import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { personRef, voteStateSchema } from "@/lib/domain/votes/schemas";
import { voteForPerson } from "@/lib/domain/votes/vote-for-person";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "posts:write",
      schemas: { params: idParams, body: personRef },
      operation: {
        id: "addVote",
        summary: "Vote for a post on a person's behalf",
        description:
          "The person wants this post: an existing account or SSO user, by `email`, or this workspace's SSO user by `externalId` (your app's id for them; an id that is new gets its SSO user with the vote). A person has at most one vote per post: sending it again changes nothing and answers the same. A merged post answers 409 (vote for the one it was merged into).",
        response: voteStateSchema,
        errors: ["CONFLICT"],
      },
    },
    async ({ params, body }, ctx) => ({ data: await voteForPerson(ctx, params.id, { ...body, voted: true }) }),
  ),
  DELETE: defineRoute(
    {
      scope: "posts:write",
      schemas: { params: idParams, query: personRef },
      operation: {
        id: "removeVote",
        summary: "Withdraw a person's vote",
        description: "`?email=` or `?externalId=` names the person (an unknown one is a 404; withdrawing makes nobody). Withdrawing a vote that is not there changes nothing and answers `voted: false`.",
        response: voteStateSchema,
      },
    },
    async ({ params, query }, ctx) => ({ data: await voteForPerson(ctx, params.id, { ...query, voted: false }) }),
  ),
});
