import { DomainError } from "@/lib/platform/core/errors";
import { plainTextProblem } from "@/lib/platform/core/schemas";
import type { Prisma, SubscriptionTopic } from "@/lib/generated/prisma/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";

export const SUBSCRIBERS_PAGE_SIZE = 50;
const MAX_QUERY = 200;

// Subscriber addresses are personal data: only those who run the status page (or the changelog)
// see them, the same role that may publish to them.
export function authorizeSubscribers(actor: WorkspaceActor, topic: SubscriptionTopic, what: string): void {
  authorize(actor, topic === "STATUS" ? "status.manage" : "changelog.manage", what);
}

function searchFilter(workspaceId: string, topic: SubscriptionTopic, q: string | undefined): Prisma.SubscriberWhereInput {
  const query = (q ?? "").trim();
  if (query.length > MAX_QUERY) throw new DomainError("VALIDATION_ERROR", `A search has at most ${MAX_QUERY} characters.`);
  const problem = query ? plainTextProblem(query, "The search") : null;
  if (problem) throw new DomainError("VALIDATION_ERROR", problem);
  return { workspaceId, topic, confirmedAt: { not: null }, ...(query ? { email: { contains: query.toLowerCase() } } : {}) };
}

/** Confirmed subscribers of one kind: how many, and one page of them (newest first), matching `q`. */
export async function listSubscribers(actor: WorkspaceActor, input: { topic: SubscriptionTopic; q?: string; page?: number }) {
  authorizeSubscribers(actor, input.topic, "see subscribers");
  const where = searchFilter(actor.workspaceId, input.topic, input.q);
  const page = Number.isInteger(input.page) && input.page! > 0 ? input.page! : 1;
  const [total, matching, rows, components] = await Promise.all([
    actor.db.subscriber.count({ where: { workspaceId: actor.workspaceId, topic: input.topic, confirmedAt: { not: null } } }),
    actor.db.subscriber.count({ where }),
    actor.db.subscriber.findMany({ where, orderBy: [{ confirmedAt: "desc" }, { id: "desc" }], skip: (page - 1) * SUBSCRIBERS_PAGE_SIZE, take: SUBSCRIBERS_PAGE_SIZE }),
    input.topic === "STATUS" ? actor.db.statusComponent.findMany({ select: { id: true, name: true } }) : Promise.resolve([]),
  ]);
  const names = new Map(components.map((component) => [component.id, component.name]));
  return {
    total,
    matching,
    page,
    pages: Math.max(1, Math.ceil(matching / SUBSCRIBERS_PAGE_SIZE)),
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      since: row.confirmedAt!.toISOString(),
      // A component deleted since is simply not named; an empty choice means every component.
      components: row.componentIds.length === 0 ? null : row.componentIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])),
    })),
  };
}

/** Every confirmed subscriber of one kind as CSV (address, since, components), for export. */
export async function exportSubscribersCsv(actor: WorkspaceActor, topic: SubscriptionTopic, q?: string): Promise<string> {
  authorizeSubscribers(actor, topic, "export subscribers");
  const where = searchFilter(actor.workspaceId, topic, q);
  const [rows, components] = await Promise.all([
    actor.db.subscriber.findMany({ where, orderBy: [{ confirmedAt: "asc" }, { id: "asc" }] }),
    actor.db.statusComponent.findMany({ select: { id: true, name: true } }),
  ]);
  const names = new Map(components.map((component) => [component.id, component.name]));
  const lines = [["email", "subscribed_at", "components"]];
  for (const row of rows) {
    const chosen = row.componentIds.length === 0 ? (topic === "STATUS" ? "all" : "") : row.componentIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])).join("; ");
    lines.push([row.email, row.confirmedAt!.toISOString(), chosen]);
  }
  return lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

// Quoted when needed; a cell a spreadsheet would run as a formula is prefixed with a quote mark.
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Removes one subscriber (an admin acting on a request, or cleaning a bounce). */
export async function removeSubscriber(actor: WorkspaceActor, topic: SubscriptionTopic, subscriberId: string): Promise<void> {
  authorizeSubscribers(actor, topic, "remove subscribers");
  const { count } = await actor.db.subscriber.deleteMany({ where: { id: subscriberId, topic } });
  if (count === 0) throw new DomainError("NOT_FOUND", "No such subscriber: removed already?");
}
