import NextAuth from "next-auth";
import { authOptions } from "@/lib/surfaces/auth/options";
import { withRetryAfter } from "@/lib/surfaces/auth/retry-after";
import { refuseApiKey } from "@/lib/surfaces/api/refuse-api-key";
import { ApiError } from "@/lib/platform/http/error-codes";
import { errorResponse } from "@/lib/platform/http/responses";

type Context = { params: Promise<{ nextauth: string[] }> };

/** next-auth's own test of a return address: a path on this site, or an http(s) URL. */
function isReturnAddress(value: string, base: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? base : undefined).protocol);
  } catch {
    return false;
  }
}

function returnCookies(header: string): string[] {
  return header
    .split(";")
    .map((part) => part.trim().split("="))
    .filter(([name]) => name === "next-auth.callback-url" || name === "__Secure-next-auth.callback-url")
    .map(([, ...value]) => {
      try {
        return decodeURIComponent(value.join("="));
      } catch {
        return "";
      }
    });
}

async function handle(request: Request, context: Context) {
  const refused = refuseApiKey(request.headers);
  if (refused) return refused;
  // next-auth throws on a return address it cannot read (in the query or its cookie), and that
  // would answer 500.
  const url = new URL(request.url);
  const given = [url.searchParams.get("callbackUrl"), ...returnCookies(request.headers.get("cookie") ?? "")];
  if (given.some((value) => value && !isReturnAddress(value, url.origin))) {
    return errorResponse(new ApiError("VALIDATION_ERROR", "callbackUrl must be a path on this site or an http(s) address."));
  }
  const response: Response = await NextAuth(authOptions())(request, context);
  return request.method === "POST" ? withRetryAfter(response) : response;
}

export { handle as GET, handle as POST };
