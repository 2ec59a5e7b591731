import { apiRoutes } from "@/lib/surfaces/api/define-route";
import { mcpRoute } from "@/lib/surfaces/mcp/handle-mcp-request";
import { V1_ROUTES } from "../routes";

// Stateless Streamable HTTP: no server-initiated stream to GET, no session to DELETE (405 for both).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({ POST: mcpRoute(V1_ROUTES, "mcp") });
