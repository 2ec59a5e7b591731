import { z } from "zod";
import type { Monitor } from "@/lib/generated/prisma/client";
import { absoluteUrl } from "@/lib/platform/config/site-url";

// A monitor as the API and the dashboard show it. The heartbeat's secret URL is part of it (admins
// only read monitors); events carry the public part only (monitorEventView), since webhook
// endpoints may be chat channels.

export const monitorSchema = z
  .strictObject({
    id: z.string(),
    componentId: z.string(),
    name: z.string(),
    kind: z.enum(["http", "tcp", "heartbeat"]),
    url: z.string().nullable(),
    method: z.string(),
    headers: z.record(z.string(), z.string()),
    expectedStatus: z.array(z.number()),
    keyword: z.string().nullable(),
    host: z.string().nullable(),
    port: z.number().nullable(),
    heartbeatUrl: z.string().nullable(),
    intervalSeconds: z.number(),
    timeoutMs: z.number(),
    degradedAboveMs: z.number().nullable(),
    failuresToDown: z.number(),
    successesToUp: z.number(),
    placesToDown: z.number(),
    incidentMode: z.enum(["draft", "publish"]),
    paused: z.boolean(),
    state: z.enum(["pending", "up", "degraded", "down"]),
    lastCheckedAt: z.string().nullable(),
    lastError: z.string().nullable(),
    certificateExpiresAt: z.string().nullable(),
    nextCheckAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Monitor" });

export type MonitorView = z.infer<typeof monitorSchema>;

export function heartbeatUrl(token: string): string {
  return absoluteUrl(`/api/heartbeat/${token}`).toString();
}

export function monitorView(row: Monitor): MonitorView {
  return {
    id: row.id,
    componentId: row.componentId,
    name: row.name,
    kind: row.kind,
    url: row.url,
    method: row.method,
    headers: (row.headers ?? {}) as Record<string, string>,
    expectedStatus: row.expectedStatus,
    keyword: row.keyword,
    host: row.host,
    port: row.port,
    heartbeatUrl: row.heartbeatToken ? heartbeatUrl(row.heartbeatToken) : null,
    intervalSeconds: row.intervalSeconds,
    timeoutMs: row.timeoutMs,
    degradedAboveMs: row.degradedAboveMs,
    failuresToDown: row.failuresToDown,
    successesToUp: row.successesToUp,
    placesToDown: row.placesToDown,
    incidentMode: row.incidentMode,
    paused: row.paused,
    state: row.state,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastError: row.lastError,
    certificateExpiresAt: row.certificateExpiresAt?.toISOString() ?? null,
    nextCheckAt: row.nextCheckAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What events say about a monitor: no headers, no secrets. */
export function monitorEventView(row: Pick<Monitor, "id" | "componentId" | "name" | "kind" | "state">) {
  return { id: row.id, componentId: row.componentId, name: row.name, kind: row.kind, state: row.state };
}
