import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

// Scalar's API reference, served from this app (never a CDN): the standalone browser build the npm
// package @scalar/api-reference ships, read once per process. The package lists that file in none
// of its exports, so it is read by path from the installed package; the build's own dependencies
// are bundled into it and nothing on the server runs it. Updating the package's version in
// package.json updates the page; the script's URL carries a hash of its bytes, so browsers fetch
// the new one at once.
const BUNDLE_FILE = path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");

export interface ReferenceBundle {
  body: Buffer;
  /** Changes whenever the bundle does: the page's script URL carries it, so the script can be cached for good. */
  version: string;
}

let loading: Promise<ReferenceBundle> | undefined;

export function referenceBundle(): Promise<ReferenceBundle> {
  loading ??= readFile(BUNDLE_FILE).then((file) => {
    // The package's source map stays on the server: a browser following the comment would only
    // get a 404 for it.
    const body = Buffer.from(file.toString("utf8").replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n"));
    return { body, version: createHash("sha256").update(body).digest("base64url").slice(0, 16) };
  });
  return loading;
}
