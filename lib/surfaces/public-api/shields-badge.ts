import { z } from "zod";
import type { Indicator } from "@/lib/domain/status/overall-indicator";
import { BADGE_MESSAGES } from "./render-status-badge";

// shields.io's endpoint badge (https://shields.io/badges/endpoint-badge): shields fetches this
// JSON and draws the badge, `https://img.shields.io/endpoint?url=<this URL>`. Same label and
// message as our own SVG badge; shields' named colours.
export const SHIELDS_COLORS: Record<Indicator, string> = {
  operational: "brightgreen",
  degraded: "yellow",
  partial_outage: "orange",
  major_outage: "red",
  maintenance: "blue",
};

export function shieldsBadge(indicator: Indicator, label: string) {
  return { schemaVersion: 1 as const, label, message: BADGE_MESSAGES[indicator], color: SHIELDS_COLORS[indicator] };
}

export const shieldsBadgeSchema = z
  .strictObject({
    schemaVersion: z.literal(1),
    label: z.string(),
    message: z.enum(Object.values(BADGE_MESSAGES) as [string, ...string[]]),
    color: z.enum(Object.values(SHIELDS_COLORS) as [string, ...string[]]),
  })
  .meta({ id: "ShieldsEndpointBadge", description: "shields.io's endpoint badge JSON (schemaVersion 1)." });
