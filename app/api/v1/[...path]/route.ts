import { notFoundRoute } from "@/lib/surfaces/api/define-route";

// Any path under /api/v1 that no route file claims.
const notFound = notFoundRoute();
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
