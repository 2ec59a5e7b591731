import { z } from "zod";
import { changedPageQuery, pageQuery } from "@/lib/platform/core/pagination";
import { idSchema, safeText } from "@/lib/platform/core/schemas";
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
const message = safeText({ min: 1, max: 10_000, label: "message", multiline: true });
const impact = oneOf(INCIDENT_IMPACTS, "impact");

export const INCIDENT_STATES = ["active", "resolved", "all"] as const;

export const listComponentsQuery = z.strictObject({ ...changedPageQuery });

export const listIncidentsQuery = z.strictObject({
  ...changedPageQuery,
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
export type CreateIncidentInput = z.input<typeof createIncidentBody>;
export type UpdateIncidentInput = z.input<typeof updateIncidentBody>;

// The component and maintenance inputs of the dashboard's forms and of /api/v1.
const componentName = safeText({ min: 1, max: 100, label: "Name" });
const componentDescription = safeText({ max: 500, label: "Description", multiline: true });

export const createComponentBody = z.strictObject({
  name: componentName,
  description: componentDescription.default(""),
});

export const updateComponentBody = z
  .strictObject({ name: componentName.optional(), description: componentDescription.optional() })
  .refine((value) => value.name !== undefined || value.description !== undefined, { message: "Send a name or a description." });

export const setComponentStatusBody = z.strictObject({ status: oneOf(COMPONENT_STATUSES, "status") });

export const reorderComponentsBody = z.strictObject({
  ids: z
    .array(idSchema)
    .min(1, "Send the components in their new order.")
    .max(200, "At most 200 components.")
    .refine((ids) => new Set(ids).size === ids.length, { message: "A component is listed more than once." }),
});

const instant = (label: string) =>
  z.iso.datetime({ offset: true, message: `${label} must be a date and time (ISO 8601, e.g. 2026-05-01T22:00:00Z).` }).transform((value) => new Date(value));

export const scheduleMaintenanceBody = z
  .strictObject({
    title: safeText({ min: 1, max: 200, label: "Title" }),
    message: safeText({ max: 10_000, label: "Message", multiline: true }).default(""),
    startsAt: instant("Start"),
    endsAt: instant("End"),
    componentIds: z
      .array(idSchema)
      .min(1, "Choose at least one component.")
      .max(MAX_COMPONENTS_PER_REQUEST, `At most ${MAX_COMPONENTS_PER_REQUEST} components.`)
      .refine((ids) => new Set(ids).size === ids.length, { message: "A component is listed more than once." }),
  })
  .superRefine((value, ctx) => {
    // Runs even when a time failed to parse (zod checks the object as a whole); only compare real dates.
    if (value.startsAt instanceof Date && value.endsAt instanceof Date && value.endsAt.getTime() <= value.startsAt.getTime()) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The window must end after it starts." });
    }
  });

export type CreateComponentBody = z.output<typeof createComponentBody>;
export type UpdateComponentBody = z.output<typeof updateComponentBody>;
export type SetComponentStatusBody = z.output<typeof setComponentStatusBody>;
export type ReorderComponentsBody = z.output<typeof reorderComponentsBody>;
export type ScheduleMaintenanceBody = z.output<typeof scheduleMaintenanceBody>;
export type ScheduleMaintenanceInput = z.input<typeof scheduleMaintenanceBody>;

// The public list query (/api/public and the portal): unknown parameters are ignored rather than
// refused, since embedders append cache-busters; only the validated values make up a cache key.
export const incidentsQuery = z.object({
  ...pageQuery,
  state: z.enum(["active", "resolved", "all"], { message: "state must be one of: active, resolved, all." }).default("all"),
});
export type IncidentsQuery = z.output<typeof incidentsQuery>;
