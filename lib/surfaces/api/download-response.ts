import type { HeaderRecord } from "@/lib/platform/http/responses";

/** A file streamed to the client as an attachment, never cached. */
export function downloadResponse(stream: ReadableStream<Uint8Array>, filename: string, contentType: string, headers: HeaderRecord = {}): Response {
  return new Response(stream, {
    status: 200,
    headers: {
      ...headers,
      "content-type": contentType,
      "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
