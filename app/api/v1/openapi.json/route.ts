import { apiRoutes } from "@/lib/surfaces/api/define-route";
import { v1DocumentRoute } from "@/lib/surfaces/openapi/serve-document";
import { buildV1Document } from "@/lib/surfaces/openapi/v1-document";
import { V1_ROUTES } from "../routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: v1DocumentRoute(() => buildV1Document(V1_ROUTES), "getOpenApiDocument"),
});
