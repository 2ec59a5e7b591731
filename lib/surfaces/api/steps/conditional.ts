import { createHash } from "node:crypto";
import { ApiError } from "../../../platform/http/error-codes";

// Conditional updates. A single-resource GET answers a strong `ETag`, the hash of the resource as
// that GET presents it; PATCH and DELETE compare an `If-Match` against the hash of the resource as
// it stands now, so a client that read version A never overwrites a version B it did not see. The
// tag is computed from the representation rather than stored, so every resource has one without a
// version column, and anything the GET shows (a new comment on a post too) changes it.
//
// defineRoute runs the comparison and the write under one lock per resource
// (lib/platform/db/resource-lock.ts), so two conditional writes carrying the same tag queue: the
// first applies, the second then reads the new version and gets 412. A write made without
// If-Match (the dashboard, a key that sends none) takes no lock; the domain's own guards (a
// status move, a merge, a post's version) still refuse the combinations that would be wrong.

/** The strong entity tag of a resource as its GET answers it. */
export function etagOf(data: unknown): string {
  return `"${createHash("sha256").update(JSON.stringify(data)).digest("base64url").slice(0, 27)}"`;
}

/** RFC 9110 If-Match: `*` matches any current resource; otherwise one listed strong tag must equal it. */
export function matchesIfMatch(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim() === etag);
}

/** 412 unless `If-Match` (when sent) matches the resource that `current` reads (which answers 404 itself). */
export async function checkIfMatch(request: Request, current: () => Promise<unknown>): Promise<void> {
  const header = request.headers.get("if-match");
  if (header === null) return;
  const etag = etagOf(await current());
  if (!matchesIfMatch(header, etag)) {
    throw new ApiError("PRECONDITION_FAILED", "The resource changed since the version If-Match names. Fetch it again, then decide whether to apply your change.", undefined, {
      ETag: etag,
    });
  }
}
