import { z } from "zod";
import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { addVotesBody, voteStateSchema } from "@/lib/domain/votes/schemas";
import { voteForPeople } from "@/lib/domain/votes/vote-for-people";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "posts:write",
      schemas: { body: addVotesBody },
      operation: {
        id: "addVotes",
        summary: "Set up to 100 people's votes at once (add or withdraw)",
        description:
          "Each item is `{ postId, email }` or `{ postId, externalId }`, as `POST /posts/{id}/votes` takes it (a new `externalId` gets its SSO user with the batch, and only if the batch is written); `\"voted\": false` on an item withdraws that person's vote instead, as `DELETE /posts/{id}/votes` does (withdrawing makes nobody: an unknown person is a 404 naming the item; a vote that is not there changes nothing). All or nothing: one bad item refuses the whole batch, and each error detail names its item (`items.3.email` for an address without an account, `items.7.postId` for a post that does not exist (404) or was merged into another (409)). A person has at most one vote per post: the same vote twice, in the batch or already recorded, counts once. The answer lists each item's vote state in the order sent.",
        response: z.array(voteStateSchema),
        errors: ["NOT_FOUND", "CONFLICT"],
      },
    },
    async ({ body }, ctx) => ({ data: await voteForPeople(ctx, body) }),
  ),
});
