import { ApiError } from "@/lib/platform/http/error-codes";
import type { VerifiedKey } from "@/lib/domain/keys/verify-api-key";
import { MIN_ROLE_FOR_SCOPE, roleAllowsScope, type Scope } from "@/lib/domain/access/roles";
import type { Role } from "@/lib/generated/prisma/enums";

/** Step 3 (→ 403 INSUFFICIENT_SCOPES): the key must hold the route's scope. */
export function authorizeScope(key: VerifiedKey, scope: Scope): void {
  if (!key.scopes.includes(scope)) {
    throw new ApiError("INSUFFICIENT_SCOPES", `This API key lacks the scope ${scope} required by this endpoint.`);
  }
}

/** Step 4 (→ 403 FORBIDDEN): the creator's current role must still allow the scope. */
export function authorizeRole(key: VerifiedKey, scope: Scope): Role {
  if (!key.creatorRole) {
    throw new ApiError("FORBIDDEN", "The creator of this API key is no longer a member of the workspace.");
  }
  if (!roleAllowsScope(key.creatorRole, scope)) {
    throw new ApiError(
      "FORBIDDEN",
      `The creator of this API key is ${key.creatorRole.toLowerCase()}; ${scope} needs ${MIN_ROLE_FOR_SCOPE[scope].toLowerCase()} or above.`,
    );
  }
  return key.creatorRole;
}
