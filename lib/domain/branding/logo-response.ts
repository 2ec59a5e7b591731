import { ApiError } from "@/lib/platform/http/error-codes";
import { errorResponse } from "@/lib/platform/http/responses";
import type { StoredLogo } from "./read-logo";

const YEAR = 60 * 60 * 24 * 365;

/**
 * The logo as an answer. Its type is the one sniffed at upload, never guessed again by the browser
 * (nosniff), and opened on its own it may do nothing (default-src 'none'). The version is in the
 * address, so a published portal's logo is cached for good; an unpublished one only privately.
 */
export function logoResponse(logo: StoredLogo | null): Response {
  if (!logo) return errorResponse(new ApiError("NOT_FOUND", "No logo at this address."));
  return new Response(Buffer.from(logo.data), {
    headers: {
      "Content-Type": logo.contentType,
      "Content-Length": String(logo.data.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
      "Cache-Control": logo.isPublic ? `public, max-age=${YEAR}, immutable` : "private, max-age=300",
    },
  });
}
