import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { db } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { renameTagBody, tagParams, type RenameTagInput, type TagView } from "./schemas";

/**
 * Renames a tag on every post that carries it, or (with `to` null) takes it off them all, in one
 * statement and one transaction with its event. A post that already carried the new name keeps it
 * once, in its first place. Each changed post counts as edited (its version and updatedAt move),
 * so a sync reading `updatedSince` sees it; webhooks get one tag event, not one per post.
 */
async function replaceTag(actor: WorkspaceActor, from: string, to: string | null): Promise<TagView> {
  const replaced = to === null
    ? Prisma.sql`array_remove(tags, ${from})`
    : Prisma.sql`ARRAY(SELECT t FROM unnest(array_replace(tags, ${from}, ${to})) WITH ORDINALITY AS u(t, i) GROUP BY t ORDER BY min(i))`;
  return db.$transaction(async (tx) => {
    const changed = await tx.$executeRaw`
      UPDATE "Post" SET tags = ${replaced}, version = version + 1, "updatedAt" = now()
      WHERE "workspaceId" = ${actor.workspaceId} AND tags @> ARRAY[${from}]::text[]`;
    if (changed === 0) throw new DomainError("NOT_FOUND", `No post carries the tag “${from}”.`);
    if (to === null) {
      const deleted = { name: from, postCount: changed };
      await recordEvent(tx, { workspaceId: actor.workspaceId, type: "tag.deleted", data: deleted });
      return deleted;
    }
    // Posts that carried the new name before count too: the answer is the tag as it now stands.
    const [row] = await tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "Post" WHERE "workspaceId" = ${actor.workspaceId} AND tags @> ARRAY[${to}]::text[]`;
    const renamed = { name: to, postCount: row!.n };
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "tag.renamed", data: renamed, previous: { name: from } });
    return renamed;
  });
}

/** PATCH /api/v1/tags/{tag}: the tag's new name on every post; members and up, like editing a post. */
export async function renameTag(actor: WorkspaceActor, tag: string, input: RenameTagInput): Promise<TagView> {
  authorize(actor, "posts.edit", "rename tags");
  const { tag: from } = validate(tagParams, { tag }, "The tag is not valid.");
  const { name: to } = validate(renameTagBody, input, "The new name is not valid.");
  if (to === from) throw new DomainError("VALIDATION_ERROR", "The new name is the tag's current name.", [{ path: "name", message: "Choose another name.", code: "unchanged" }]);
  return replaceTag(actor, from, to);
}

/** DELETE /api/v1/tags/{tag}: takes the tag off every post; the posts stay. */
export async function deleteTag(actor: WorkspaceActor, tag: string): Promise<TagView> {
  authorize(actor, "posts.edit", "delete tags");
  const { tag: name } = validate(tagParams, { tag }, "The tag is not valid.");
  return replaceTag(actor, name, null);
}
