import { z } from "zod";
import type { ComponentStatus, IncidentImpact, IncidentStatus } from "@/lib/generated/prisma/enums";
import type { ImportAdapter } from "../../adapter";
import type { ComponentChangeRecord, SourceItem } from "../../records";
import { statuspageGet, statuspageList, type StatuspageComponent, type StatuspageIncident, type StatuspageIncidentUpdate, type StatuspageSubscriber } from "./statuspage-api";

// Statuspage, read through its API with the admin's key and page id: components (a group's
// components come in with the group's name in their description: this status page has no groups),
// incidents with every update, scheduled maintenance; subscribers only when asked, and never
// mailed by the import (they keep their confirmation as it was).

const COMPONENT_STATUSES = new Set<ComponentStatus>(["operational", "degraded_performance", "partial_outage", "major_outage", "under_maintenance"]);
const INCIDENT_STATUSES: Record<string, IncidentStatus> = { investigating: "investigating", identified: "identified", monitoring: "monitoring", resolved: "resolved", postmortem: "resolved" };
const IMPACTS = new Set<IncidentImpact>(["none", "minor", "major", "critical"]);

const date = (value: string | null | undefined) => (value ? new Date(value) : undefined);

export const statuspageOptions = z.strictObject({
  apiKey: z.string().trim().min(10, "Paste an API key from Statuspage's API info page.").max(200),
  pageId: z.string().trim().regex(/^[a-z0-9]{4,40}$/i, "The page id is the short code in your page's API info (letters and digits)."),
  includeSubscribers: z.boolean().default(false),
});
type StatuspageOptions = z.infer<typeof statuspageOptions>;

const componentStatus = (value: string | undefined) => (COMPONENT_STATUSES.has(value as ComponentStatus) ? (value as ComponentStatus) : null);

/**
 * The component status changes an incident's updates made (Statuspage lists them on each update as
 * `affected_components`), for the status history the uptime bars read. A resolved incident that
 * left a component in another status than it found it returns it then, as an incident resolved
 * here does; otherwise the history would show the outage lasting until today.
 */
function componentChanges(incident: StatuspageIncident, updates: StatuspageIncidentUpdate[]): Map<string, ComponentChangeRecord[]> {
  const byUpdate = new Map<string, ComponentChangeRecord[]>();
  const before = new Map<string, ComponentStatus>();
  const last = new Map<string, ComponentStatus>();
  for (const update of updates) {
    for (const affected of update.affected_components ?? []) {
      const from = componentStatus(affected.old_status);
      const to = componentStatus(affected.new_status);
      if (!affected.code || !from || !to || from === to) continue;
      if (!before.has(affected.code)) before.set(affected.code, from);
      last.set(affected.code, to);
      byUpdate.set(update.id, [...(byUpdate.get(update.id) ?? []), { componentSourceId: affected.code, from, to }]);
    }
  }
  const resolvedAt = date(incident.resolved_at);
  const closing = updates.at(-1);
  if (INCIDENT_STATUSES[incident.status] === "resolved" && resolvedAt && closing) {
    for (const [code, to] of last) {
      const from = before.get(code)!;
      if (to !== from) byUpdate.set(closing.id, [...(byUpdate.get(closing.id) ?? []), { componentSourceId: code, from: to, to: from, at: resolvedAt }]);
    }
  }
  return byUpdate;
}

async function* read({ options }: { options: StatuspageOptions }): AsyncGenerator<SourceItem> {
  const { apiKey, pageId } = options;
  const page = `/pages/${encodeURIComponent(pageId)}`;
  const components = await statuspageGet<StatuspageComponent[]>(apiKey, `${page}/components`);
  const groups = new Map(components.filter((component) => component.group).map((group) => [group.id, group.name]));
  for (const component of components) {
    if (component.group) {
      yield { kind: "skip", reason: "component group: groups are not shown here; their components are imported" };
      continue;
    }
    const group = component.group_id ? groups.get(component.group_id) : undefined;
    const status = COMPONENT_STATUSES.has(component.status as ComponentStatus) ? (component.status as ComponentStatus) : "operational";
    yield {
      kind: "status_component",
      sourceId: component.id,
      name: component.name,
      description: [group ? `${group}:` : "", component.description ?? ""].filter(Boolean).join(" "),
      status,
      position: component.position ?? 0,
      createdAt: date(component.created_at),
    };
  }
  // Incidents first, then their updates: the updates are written in large batches rather than a
  // few at a time between incidents. A page's incident history is small enough to hold.
  const maintenances: StatuspageIncident[] = [];
  const incidents: StatuspageIncident[] = [];
  for await (const incident of statuspageList<StatuspageIncident>(apiKey, `${page}/incidents`)) {
    if (incident.scheduled_for) maintenances.push(incident);
    else incidents.push(incident);
  }
  const statusOf = (incident: StatuspageIncident) => INCIDENT_STATUSES[incident.status] ?? "resolved";
  const impactOf = (incident: StatuspageIncident) => (IMPACTS.has(incident.impact as IncidentImpact) ? (incident.impact as IncidentImpact) : "minor");
  for (const incident of incidents) {
    const status = statusOf(incident);
    yield {
      kind: "incident",
      sourceId: incident.id,
      title: incident.name,
      status,
      impact: impactOf(incident),
      resolvedAt: status === "resolved" ? (date(incident.resolved_at) ?? date(incident.created_at) ?? new Date()) : null,
      componentSourceIds: (incident.components ?? []).map((component) => component.id),
      createdAt: date(incident.created_at),
    };
  }
  for (const incident of incidents) {
    const updates = [...(incident.incident_updates ?? [])].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
    const changes = componentChanges(incident, updates);
    for (const update of updates) {
      yield {
        kind: "incident_update",
        sourceId: update.id,
        incidentSourceId: incident.id,
        status: INCIDENT_STATUSES[update.status] ?? statusOf(incident),
        impact: impactOf(incident),
        message: update.body ?? "",
        componentChanges: changes.get(update.id),
        createdAt: date(update.display_at ?? update.created_at),
      };
    }
  }
  for (const window of maintenances) {
    yield {
      kind: "maintenance",
      sourceId: window.id,
      title: window.name,
      message: window.incident_updates?.[0]?.body ?? "",
      startsAt: new Date(window.scheduled_for!),
      endsAt: new Date(window.scheduled_until ?? window.scheduled_for!),
      componentSourceIds: (window.components ?? []).map((component) => component.id),
      createdAt: date(window.created_at),
    };
  }
  if (!options.includeSubscribers) return;
  for await (const subscriber of statuspageList<StatuspageSubscriber>(apiKey, `${page}/subscribers`)) {
    if (!subscriber.email || (subscriber.mode && subscriber.mode !== "email")) {
      yield { kind: "skip", reason: "subscriber: not by email (SMS, webhook, Slack)" };
      continue;
    }
    if (subscriber.quarantined_at) {
      yield { kind: "skip", reason: "subscriber: quarantined at Statuspage (mail bounced)" };
      continue;
    }
    yield {
      kind: "subscriber",
      sourceId: subscriber.id,
      topic: "STATUS",
      email: subscriber.email,
      // Statuspage lists only subscribers who confirmed: they stay confirmed here.
      confirmedAt: date(subscriber.created_at) ?? new Date(),
      componentSourceIds: (subscriber.components ?? []).map((component) => component.id),
      createdAt: date(subscriber.created_at),
    };
  }
}

export const statuspageAdapter: ImportAdapter<StatuspageOptions> = {
  source: "statuspage",
  label: "Statuspage (API key and page id)",
  options: statuspageOptions,
  secretOptions: ["apiKey"],
  needsFile: false,
  async validate({ options }) {
    // Proves the key and the page id at once: an unknown page is a 404 naming this request.
    await statuspageGet(options.apiKey, `/pages/${encodeURIComponent(options.pageId)}`);
  },
  read,
};
