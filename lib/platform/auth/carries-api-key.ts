// An API key works only under /api/v1. proxy.ts refuses it first; route handlers and server
// actions outside /api/v1 check again, so skipping the proxy (x-middleware-subrequest and the like)
// changes nothing.
export function carriesApiKey(headers: Headers): boolean {
  const authorization = headers.get("authorization");
  if (authorization && /^bearer\s/i.test(authorization.trim())) return true;
  return headers.has("x-api-key");
}

export const API_KEY_SCOPE_MESSAGE = "API keys can only be used with /api/v1 endpoints.";
