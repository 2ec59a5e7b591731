import { z } from "zod";
import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { listTags } from "@/lib/domain/tags/list-tags";
import { tagViewSchema } from "@/lib/domain/tags/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "posts:read",
      operation: {
        id: "listTags",
        summary: "List the tags in use",
        description:
          "Every tag a post of the workspace carries, with how many posts carry it, most used first (at most 1,000). Tags are set on posts (`tags` of `POST /posts` and `PATCH /posts/{id}`); here they are renamed or removed everywhere at once.",
        response: z.array(tagViewSchema),
      },
    },
    async (_input, ctx) => ({ data: await listTags(ctx) }),
  ),
});
