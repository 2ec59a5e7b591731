import { publicNotFound } from "@/lib/surfaces/public-api/define-public-route";

// Any path under /api/public/{workspace} that no route file claims.
export { publicNotFound as GET, publicNotFound as HEAD, publicNotFound as OPTIONS, publicNotFound as POST, publicNotFound as PUT, publicNotFound as PATCH, publicNotFound as DELETE };
