import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

// Scalar's API reference, served from this app (never a CDN): its standalone browser build, one
// self-contained script kept in the repository (lib/surfaces/docs/vendor/README.md says why and how to
// update it), read once per process.
const BUNDLE_FILE = path.join(process.cwd(), "lib", "surfaces", "docs", "vendor", "scalar-api-reference.js");

export interface ReferenceBundle {
  body: Buffer;
  /** Changes whenever the bundle does: the page's script URL carries it, so the script can be cached for good. */
  version: string;
}

let loading: Promise<ReferenceBundle> | undefined;

export function referenceBundle(): Promise<ReferenceBundle> {
  loading ??= readFile(BUNDLE_FILE).then((body) => ({ body, version: createHash("sha256").update(body).digest("base64url").slice(0, 16) }));
  return loading;
}
