import { z } from "zod";
import { idSchema, safeText } from "@/lib/platform/core/schemas";
import { changedPageQuery, pageQuery } from "@/lib/platform/core/pagination";
import { POST_STATUSES } from "./status-rules";

export const tagSchema = safeText({ min: 1, max: 32, label: "Tag" })
  .transform((value) => value.toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9 _-]*$/, "Tags use letters, digits, spaces, hyphens and underscores."));

const tags = z.array(tagSchema).max(10, "At most 10 tags.").transform((values) => [...new Set(values)]);
const status = z.enum(POST_STATUSES, { message: `status must be one of: ${POST_STATUSES.join(", ")}.` });

export const POST_SORTS = ["newest", "oldest", "top"] as const;

export const listPostsQuery = z.strictObject({
  ...changedPageQuery,
  boardId: idSchema.optional(),
  status: status.optional(),
  tag: safeText({ min: 1, max: 32, label: "tag" }).transform((value) => value.toLowerCase()).optional(),
  q: safeText({ min: 1, max: 200, label: "q" }).optional(),
  sort: z.enum(POST_SORTS, { message: `sort must be one of: ${POST_SORTS.join(", ")}.` }).default("newest"),
});

export const createPostBody = z
  .strictObject({
    boardId: idSchema,
    title: safeText({ min: 1, max: 200, label: "title" }),
    body: safeText({ max: 10_000, label: "body", multiline: true }).default(""),
    tags: tags.default([]),
    status: status.default("open"),
  })
  .meta({ example: { boardId: "cm4x9k2p80000qz8lb0ard001", title: "Dark mode", body: "Please!", tags: ["ui"] } });

export const updatePostBody = z
  .strictObject({
    title: safeText({ min: 1, max: 200, label: "title" }).optional(),
    body: safeText({ max: 10_000, label: "body", multiline: true }).optional(),
    tags: tags.optional(),
    status: status.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "Send at least one of: title, body, tags, status.",
  })
  .meta({ example: { status: "planned", tags: ["ui", "q3"] } });

export type ListPostsQuery = z.output<typeof listPostsQuery>;
export type CreatePostBody = z.output<typeof createPostBody>;
export type UpdatePostBody = z.output<typeof updatePostBody>;
export type UpdatePostInput = z.input<typeof updatePostBody>;
export type CreatePostInput = z.input<typeof createPostBody>;

/** The most posts one bulk request creates (all or none). */
export const MAX_BULK_POSTS = 100;

/** The `items` of a bulk request (posts, votes, comments): one to MAX_BULK_POSTS of them. */
export function batchOf<Item extends z.ZodType>(item: Item, noun: { one: string; many: string }) {
  return z.array(item).min(1, `Send at least one ${noun.one}.`).max(MAX_BULK_POSTS, `At most ${MAX_BULK_POSTS} ${noun.many} per request.`);
}

export const createPostsBody = z.strictObject({ items: batchOf(createPostBody, { one: "post", many: "posts" }) });

export type CreatePostsInput = z.input<typeof createPostsBody>;
// The public list query (/api/public and the portal): unknown parameters are ignored rather than
// refused, since embedders append cache-busters; only the validated values make up a cache key.
export const PUBLIC_POST_SORTS = ["top", "newest", "oldest"] as const;
export type PublicPostSort = (typeof PUBLIC_POST_SORTS)[number];

export const boardPostsQuery = z.object({
  ...pageQuery,
  sort: z.enum(PUBLIC_POST_SORTS, { message: `sort must be one of: ${PUBLIC_POST_SORTS.join(", ")}.` }).default("top"),
  status: z.enum(POST_STATUSES, { message: `status must be one of: ${POST_STATUSES.join(", ")}.` }).optional(),
});
export type BoardPostsQuery = z.output<typeof boardPostsQuery>;
