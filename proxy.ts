import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/api/error-codes";
import { API_KEY_SCOPE_MESSAGE, carriesApiKey } from "@/lib/api/refuse-api-key";
import { errorResponse } from "@/lib/api/responses";

// Cheap by design: /api/v1 is excluded by the matcher (its pipeline does all the key work), and
// everywhere else the only job is refusing a request that carries an API key (SPEC A3.4). Pages
// also learn their own path, for sign-in redirects that come back to the same page.
export function proxy(request: NextRequest) {
  if (carriesApiKey(request.headers)) {
    return errorResponse(new ApiError("API_KEY_SCOPE", API_KEY_SCOPE_MESSAGE));
  }
  const headers = new Headers(request.headers);
  headers.set("x-pathname", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!api/v1(?:/|$)|_next/static|_next/image|favicon.ico).*)"],
};
