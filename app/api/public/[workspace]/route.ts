import { publicNotFound } from "@/lib/surfaces/public-api/define-public-route";

// /api/public/{workspace} itself names no resource; docs/api.md lists the ones under it.
export { publicNotFound as GET, publicNotFound as HEAD, publicNotFound as OPTIONS, publicNotFound as POST, publicNotFound as PUT, publicNotFound as PATCH, publicNotFound as DELETE };
