import { refuseApiKey } from "@/lib/surfaces/api/refuse-api-key";
import { referenceBundle } from "@/lib/surfaces/docs/reference-bundle";

// The reference renderer's script for /docs/api. Its URL carries the bundle's version, so browsers
// keep it for a year; a stale or missing version gets a short cache instead.
export async function GET(request: Request) {
  const refused = refuseApiKey(request.headers);
  if (refused) return refused;
  const { body, version } = await referenceBundle();
  const current = new URL(request.url).searchParams.get("v") === version;
  const etag = `"${version}"`;
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), { headers });
}
