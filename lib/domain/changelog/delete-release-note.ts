import { DomainError } from "@/lib/platform/core/errors";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { RELEASE_NOTE_NOT_FOUND } from "./get-release-note";

/** Deletes a note (draft, scheduled or published) with its links to posts. */
export async function deleteReleaseNote(actor: WorkspaceActor, id: string) {
  authorize(actor, "changelog.manage", "delete release notes");
  const { count } = await actor.db.releaseNote.deleteMany({ where: { id } });
  if (count === 0) throw new DomainError("NOT_FOUND", RELEASE_NOTE_NOT_FOUND);
  return { id };
}
