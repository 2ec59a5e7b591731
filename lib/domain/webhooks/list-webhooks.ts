import { changedSince, keysetArgs, toPage, type SortSpec } from "@/lib/platform/core/pagination";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import type { ListWebhooksQuery } from "./schemas";
import { webhookView } from "./view";

// Oldest first: the order they were added in, which a new endpoint never disturbs.
const WEBHOOK_SORT: SortSpec = { name: "oldest", field: "createdAt", direction: "asc", kind: "date" };

export async function listWebhooks(actor: WorkspaceActor, query: ListWebhooksQuery) {
  authorize(actor, "webhooks.manage", "see webhooks");
  const page = keysetArgs(WEBHOOK_SORT, query.cursor, query.limit);
  const rows = await actor.db.webhookEndpoint.findMany({ where: { AND: [changedSince(query.updatedSince), page.where] }, orderBy: page.orderBy, take: page.take });
  return toPage(rows, WEBHOOK_SORT, query.limit, (row) => webhookView(row));
}
