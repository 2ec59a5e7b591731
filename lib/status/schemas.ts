import { z } from "zod";
import { pageQuery } from "@/lib/api/pagination";
import { idSchema, safeText } from "@/lib/api/schemas";
import { COMPONENT_STATUSES, INCIDENT_IMPACTS, INCIDENT_STATUS_CHAIN, OPENING_STATUSES } from "./incident-rules";

const MAX_COMPONENTS_PER_REQUEST = 100;

const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { message: `${label} must be one of: ${values.join(", ")}.` });

const componentChange = z.strictObject({ id: idSchema, status: oneOf(COMPONENT_STATUSES, "status") });

// Two entries for one component would make "the status it is set to" ambiguous.
const componentChanges = z
  .array(componentChange)
  .max(MAX_COMPONENTS_PER_REQUEST, `At most ${MAX_COMPONENTS_PER_REQUEST} components.`)
  .superRefine((changes, ctx) => {
    const seen = new Set<string>();
    changes.forEach((change, index) => {
      if (seen.has(change.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: `Component ${change.id} is listed more than once.` });
      seen.add(change.id);
    });
  });

const title = safeText({ min: 1, max: 200, label: "title" });
const message = safeText({ min: 1, max: 10_000, label: "message" });
const impact = oneOf(INCIDENT_IMPACTS, "impact");

export const INCIDENT_STATES = ["active", "resolved", "all"] as const;

export const listComponentsQuery = z.strictObject({ ...pageQuery });

export const listIncidentsQuery = z.strictObject({
  ...pageQuery,
  state: oneOf(INCIDENT_STATES, "state").default("all"),
});

export const createIncidentBody = z
  .strictObject({
    title,
    message,
    // An incident is opened, never born resolved: that would be a post-mortem, not an incident.
    status: oneOf(OPENING_STATUSES, "status").default("investigating"),
    impact: impact.default("minor"),
    components: componentChanges.default([]),
  })
  .meta({
    example: { title: "API errors", message: "Investigating elevated errors.", impact: "major", components: [{ id: "cm4x9k2p80003qz8lc0mp0001", status: "partial_outage" }] },
  });

export const updateIncidentBody = z
  .strictObject({
    status: oneOf(INCIDENT_STATUS_CHAIN, "status").optional(),
    message,
    impact: impact.optional(),
    components: componentChanges.default([]),
  })
  .meta({ example: { status: "resolved", message: "Fixed." } });

export type ComponentChange = z.output<typeof componentChange>;
export type ListComponentsQuery = z.output<typeof listComponentsQuery>;
export type ListIncidentsQuery = z.output<typeof listIncidentsQuery>;
export type CreateIncidentBody = z.output<typeof createIncidentBody>;
export type UpdateIncidentBody = z.output<typeof updateIncidentBody>;
