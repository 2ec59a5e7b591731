import { API_KEY_SCOPE_MESSAGE, carriesApiKey } from "@/lib/platform/auth/carries-api-key";
import { ApiError } from "@/lib/platform/http/error-codes";
import { errorResponse } from "@/lib/platform/http/responses";

export function refuseApiKey(headers: Headers): Response | null {
  if (!carriesApiKey(headers)) return null;
  return errorResponse(new ApiError("API_KEY_SCOPE", API_KEY_SCOPE_MESSAGE));
}
