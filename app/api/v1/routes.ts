import type { RouteTable } from "@/lib/surfaces/openapi/route-table";
import * as board from "./boards/[id]/route";
import * as boards from "./boards/route";
import * as releaseNote from "./changelog/[id]/route";
import * as changelog from "./changelog/route";
import * as members from "./members/route";
import * as post from "./posts/[id]/route";
import * as posts from "./posts/route";
import * as roadmap from "./roadmap/route";
import * as statusComponents from "./status/components/route";
import * as incident from "./status/incidents/[id]/route";
import * as incidents from "./status/incidents/route";
import * as todo from "./todos/[id]/route";
import * as todos from "./todos/route";
import * as webhookDeliveries from "./webhooks/[id]/deliveries/route";
import * as webhookRotateSecret from "./webhooks/[id]/rotate-secret/route";
import * as webhook from "./webhooks/[id]/route";
import * as webhookTest from "./webhooks/[id]/test/route";
import * as webhooks from "./webhooks/route";

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
  "/posts/{id}": post,
  "/roadmap": roadmap,
  "/changelog": changelog,
  "/changelog/{id}": releaseNote,
  "/status/components": statusComponents,
  "/status/incidents": incidents,
  "/status/incidents/{id}": incident,
  "/members": members,
  "/todos": todos,
  "/todos/{id}": todo,
  "/webhooks": webhooks,
  "/webhooks/{id}": webhook,
  "/webhooks/{id}/deliveries": webhookDeliveries,
  "/webhooks/{id}/rotate-secret": webhookRotateSecret,
  "/webhooks/{id}/test": webhookTest,
};
