import type { RouteTable } from "@/lib/surfaces/openapi/route-table";
import * as board from "./boards/[id]/route";
import * as boards from "./boards/route";
import * as releaseNote from "./changelog/[id]/route";
import * as changelog from "./changelog/route";
import * as comment from "./comments/[id]/route";
import * as commentsBulk from "./comments/bulk/route";
import * as invitation from "./invitations/[id]/route";
import * as invitations from "./invitations/route";
import * as member from "./members/[id]/route";
import * as monitor from "./monitors/[id]/route";
import * as monitorResults from "./monitors/[id]/results/route";
import * as monitorOutagePublish from "./monitors/outages/[id]/publish/route";
import * as monitors from "./monitors/route";
import * as members from "./members/route";
import * as post from "./posts/[id]/route";
import * as postComments from "./posts/[id]/comments/route";
import * as postVotes from "./posts/[id]/votes/route";
import * as postsBulk from "./posts/bulk/route";
import * as posts from "./posts/route";
import * as roadmapItem from "./roadmap/[id]/route";
import * as roadmapMove from "./roadmap/[id]/move/route";
import * as roadmapPost from "./roadmap/[id]/posts/[postId]/route";
import * as roadmapPosts from "./roadmap/[id]/posts/route";
import * as roadmap from "./roadmap/route";
import * as statusComponent from "./status/components/[id]/route";
import * as statusComponentOrder from "./status/components/reorder/route";
import * as statusComponents from "./status/components/route";
import * as maintenanceEnd from "./status/maintenance/[id]/end/route";
import * as maintenanceWindow from "./status/maintenance/[id]/route";
import * as maintenance from "./status/maintenance/route";
import * as incident from "./status/incidents/[id]/route";
import * as incidents from "./status/incidents/route";
import * as tag from "./tags/[tag]/route";
import * as tags from "./tags/route";
import * as todo from "./todos/[id]/route";
import * as todos from "./todos/route";
import * as webhookDeliveries from "./webhooks/[id]/deliveries/route";
import * as webhookRotateSecret from "./webhooks/[id]/rotate-secret/route";
import * as webhook from "./webhooks/[id]/route";
import * as webhookTest from "./webhooks/[id]/test/route";
import * as webhooks from "./webhooks/route";
import * as votesBulk from "./votes/bulk/route";

/**
 * Every /api/v1 resource route file, by its path. The OpenAPI document (/api/v1/openapi.json) and
 * the MCP tools (/api/v1/mcp) are built from this table and from what each route's own spec says,
 * so a new method in a listed file gets its operation and its tool at once; a new route file goes
 * on this list (tests/openapi/route-drift.test.ts fails until it does).
 */
export const V1_ROUTES: RouteTable = {
  "/boards": boards,
  "/boards/{id}": board,
  "/posts": posts,
  "/posts/bulk": postsBulk,
  "/posts/{id}": post,
  "/posts/{id}/comments": postComments,
  "/posts/{id}/votes": postVotes,
  "/comments/bulk": commentsBulk,
  "/comments/{id}": comment,
  "/votes/bulk": votesBulk,
  "/monitors": monitors,
  "/monitors/{id}": monitor,
  "/monitors/{id}/results": monitorResults,
  "/monitors/outages/{id}/publish": monitorOutagePublish,
  "/tags": tags,
  "/tags/{tag}": tag,
  "/roadmap": roadmap,
  "/roadmap/{id}": roadmapItem,
  "/roadmap/{id}/move": roadmapMove,
  "/roadmap/{id}/posts": roadmapPosts,
  "/roadmap/{id}/posts/{postId}": roadmapPost,
  "/changelog": changelog,
  "/changelog/{id}": releaseNote,
  "/status/components": statusComponents,
  "/status/components/reorder": statusComponentOrder,
  "/status/components/{id}": statusComponent,
  "/status/maintenance": maintenance,
  "/status/maintenance/{id}": maintenanceWindow,
  "/status/maintenance/{id}/end": maintenanceEnd,
  "/status/incidents": incidents,
  "/status/incidents/{id}": incident,
  "/members": members,
  "/members/{id}": member,
  "/invitations": invitations,
  "/invitations/{id}": invitation,
  "/todos": todos,
  "/todos/{id}": todo,
  "/webhooks": webhooks,
  "/webhooks/{id}": webhook,
  "/webhooks/{id}/deliveries": webhookDeliveries,
  "/webhooks/{id}/rotate-secret": webhookRotateSecret,
  "/webhooks/{id}/test": webhookTest,
};
