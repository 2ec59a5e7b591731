import type { RouteTable } from "@/lib/surfaces/openapi/route-table";
import * as board from "./[workspace]/boards/[boardId]/route";
import * as boardPosts from "./[workspace]/boards/[boardId]/posts/route";
import * as boards from "./[workspace]/boards/route";
import * as releaseNote from "./[workspace]/changelog/[id]/route";
import * as changelogFeed from "./[workspace]/changelog/feed.xml/route";
import * as changelog from "./[workspace]/changelog/route";
import * as post from "./[workspace]/posts/[postId]/route";
import * as roadmap from "./[workspace]/roadmap/route";
import * as statusBadge from "./[workspace]/status/badge.svg/route";
import * as statusBanner from "./[workspace]/status/banner.json/route";
import * as statusBannerSvg from "./[workspace]/status/banner.svg/route";
import * as statusFeed from "./[workspace]/status/feed.xml/route";
import * as incidents from "./[workspace]/status/incidents/route";
import * as status from "./[workspace]/status/route";
import * as statusShields from "./[workspace]/status/shields.json/route";
import * as statusSummary from "./[workspace]/status/summary.json/route";

/**
 * Every /api/public route file, by its path: the public OpenAPI document (/api/public/openapi.json)
 * is built from it. A new route file goes on this list (tests/openapi/route-drift.test.ts).
 */
export const PUBLIC_ROUTES: RouteTable = {
  "/{workspace}/status": status,
  "/{workspace}/status/incidents": incidents,
  "/{workspace}/status/badge.svg": statusBadge,
  "/{workspace}/status/banner.json": statusBanner,
  "/{workspace}/status/banner.svg": statusBannerSvg,
  "/{workspace}/status/summary.json": statusSummary,
  "/{workspace}/status/shields.json": statusShields,
  "/{workspace}/status/feed.xml": statusFeed,
  "/{workspace}/boards": boards,
  "/{workspace}/boards/{boardId}": board,
  "/{workspace}/boards/{boardId}/posts": boardPosts,
  "/{workspace}/posts/{postId}": post,
  "/{workspace}/roadmap": roadmap,
  "/{workspace}/changelog": changelog,
  "/{workspace}/changelog/{id}": releaseNote,
  "/{workspace}/changelog/feed.xml": changelogFeed,
};
