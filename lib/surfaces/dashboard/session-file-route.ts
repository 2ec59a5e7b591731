import { getWorkspaceActorOrThrow, type WorkspaceActor } from "@/lib/domain/access/actor";
import { ApiError } from "@/lib/platform/http/error-codes";
import { errorResponse, newRequestId } from "@/lib/platform/http/responses";
import { toApiError } from "@/lib/surfaces/api/to-api-error";
import { sessionUserIdOf } from "@/lib/surfaces/auth/session";

type Context = { params: Promise<{ slug: string }> };

/**
 * A dashboard route handler that moves a file (an export downloaded, an import's file uploaded):
 * server actions cap bodies at 1 MB and answer no downloads. The signed-in member, role read
 * afresh, as in runWorkspaceAction; the domain function checks the role again. Failures are the
 * API's error envelope, which the page's script shows.
 */
export function sessionFileRoute(handler: (request: Request, actor: WorkspaceActor) => Promise<Response>) {
  return async (request: Request, context: Context): Promise<Response> => {
    const requestId = newRequestId();
    try {
      const userId = await sessionUserIdOf(request);
      if (!userId) throw new ApiError("UNAUTHORIZED", "Sign in again: your session has ended.");
      const { slug } = await context.params;
      return await handler(request, await getWorkspaceActorOrThrow(userId, slug));
    } catch (error) {
      return errorResponse(toApiError(error, requestId), requestId);
    }
  };
}
