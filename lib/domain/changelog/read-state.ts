import { DomainError } from "@/lib/platform/core/errors";
import type { NoteStateFilter } from "./schemas";

/**
 * Drafts and scheduled notes are for keys that may write them; a key with only changelog:read
 * asking for them is refused rather than quietly shown published notes.
 */
export function readableState(ctx: { scopes: readonly string[] }, state: NoteStateFilter): NoteStateFilter {
  if (state !== "published" && !ctx.scopes.includes("changelog:write")) {
    throw new DomainError("INSUFFICIENT_SCOPES", `state=${state} needs a key with the scope changelog:write; this key reads published notes only.`);
  }
  return state;
}
