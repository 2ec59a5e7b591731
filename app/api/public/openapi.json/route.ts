import { publicRoutes } from "@/lib/public/define-public-route";
import { buildPublicDocument } from "@/lib/openapi/public-document";
import { publicDocumentRoute } from "@/lib/openapi/serve-document";
import { PUBLIC_ROUTES } from "../routes";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  publicDocumentRoute(() => buildPublicDocument(PUBLIC_ROUTES), "getPublicOpenApiDocument"),
);
