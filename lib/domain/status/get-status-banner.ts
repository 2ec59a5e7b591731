import { z } from "zod";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { getPublicStatus } from "./get-public-status";
import { INCIDENT_IMPACTS, INCIDENT_STATUS_CHAIN } from "./incident-rules";
import { INDICATORS } from "./overall-indicator";

const BANNER_ITEMS = 5;

/**
 * What a banner on someone else's page needs: whether anything is going on right now (an active
 * incident, or maintenance in progress), the worst indicator, and the few titles to show. Read from
 * the same answer as the public status (getPublicStatus), so the two never disagree; `validUntil`
 * is its next maintenance edge, when a banner may appear or go without any write.
 */
export async function getStatusBanner(db: ScopedDb, now = new Date()) {
  const { data, validUntil } = await getPublicStatus(db, { now });
  const incidents = data.activeIncidents.slice(0, BANNER_ITEMS).map((incident) => ({
    id: incident.id,
    title: incident.title,
    impact: incident.impact,
    status: incident.status,
    updatedAt: incident.updatedAt,
  }));
  const maintenances = data.maintenances
    .filter((window) => window.state === "in_progress")
    .slice(0, BANNER_ITEMS)
    .map((window) => ({ id: window.id, title: window.title, endsAt: window.endsAt }));
  return {
    data: { active: incidents.length > 0 || maintenances.length > 0, indicator: data.indicator, description: data.description, incidents, maintenances, updatedAt: data.updatedAt },
    validUntil,
  };
}
export type StatusBanner = Awaited<ReturnType<typeof getStatusBanner>>["data"];

export const statusBannerSchema = z
  .strictObject({
    active: z.boolean().meta({ description: "True while an incident is open or maintenance is in progress: show the banner." }),
    indicator: z.enum(INDICATORS),
    description: z.string(),
    incidents: z.array(
      z.strictObject({
        id: z.string(),
        title: z.string(),
        impact: z.enum(INCIDENT_IMPACTS),
        status: z.enum(INCIDENT_STATUS_CHAIN),
        updatedAt: z.string(),
      }),
    ),
    maintenances: z.array(z.strictObject({ id: z.string(), title: z.string(), endsAt: z.string() })),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "PublicStatusBanner" });
