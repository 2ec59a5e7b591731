import { apiRoutes } from "@/lib/api/define-route";
import { v1DocumentRoute } from "@/lib/openapi/serve-document";
import { buildV1Document } from "@/lib/openapi/v1-document";
import { V1_ROUTES } from "../routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: v1DocumentRoute(() => buildV1Document(V1_ROUTES), "getOpenApiDocument"),
});
