import { notFoundRoute } from "@/lib/surfaces/api/define-route";

// /api/v1 itself is no endpoint, but it answers in the API's envelope like any unknown path below it
// (a catch-all segment does not match the bare prefix, so Next answered its HTML 404 here).
const notFound = notFoundRoute();
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
