import { receiveHeartbeat } from "@/lib/domain/monitors/receive-heartbeat";
import { errorResponse, jsonResponse } from "@/lib/platform/http/responses";
import { clientIp } from "@/lib/platform/server/client-ip";
import { toApiError } from "@/lib/surfaces/api/to-api-error";

// A heartbeat monitor's secret URL: a job calls it (GET or POST, no key, no body needed) at least
// once per interval. The secret in the path is the only credential.

async function beat(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const requestId = `req_${crypto.randomUUID().replaceAll("-", "")}`;
  try {
    const { token } = await params;
    await receiveHeartbeat(token, `ip:${clientIp(request.headers)}`);
    return jsonResponse({ success: true, data: { received: true } }, { requestId });
  } catch (error) {
    return errorResponse(toApiError(error, requestId), requestId);
  }
}

export const GET = beat;
export const POST = beat;
