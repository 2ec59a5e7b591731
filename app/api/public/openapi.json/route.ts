import { publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { buildPublicDocument } from "@/lib/surfaces/openapi/public-document";
import { publicDocumentRoute } from "@/lib/surfaces/openapi/serve-document";
import { PUBLIC_ROUTES } from "../routes";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  publicDocumentRoute(() => buildPublicDocument(PUBLIC_ROUTES), "getPublicOpenApiDocument"),
);
