import { probeDatabase } from "@/lib/platform/db/probe";
import { failOpenStats, rateLimitBackend } from "@/lib/platform/ratelimit";
import { publicCacheStats } from "@/lib/platform/cache/response-cache";
import { admissionStats, type AdmissionKind, type GateStats } from "@/lib/platform/server/admission";

export interface HealthReport {
  status: "ok" | "unavailable";
  database: { ok: boolean; latencyMs: number };
  rateLimiter: {
    backend: "upstash" | "memory";
    /** Requests counted in-process because Upstash did not answer in time, since this process started. */
    failOpenCount: number;
    lastFailOpenAt: string | null;
    lastFailOpenReason: string | null;
  };
  publicCache: { entries: number; bytes: number; maxBytes: number };
  /** Per kind of request: its limits, what it holds now and how many it refused; null without the front door. */
  admission: Record<AdmissionKind, GateStats> | null;
}

/** What /api/health answers: the database decides the status; the rest is for the operator. */
export async function healthReport(): Promise<HealthReport> {
  const database = await probeDatabase();
  const failOpen = failOpenStats();
  return {
    status: database.ok ? "ok" : "unavailable",
    // Not the error itself: it names hosts and ports, and this answer is public.
    database: { ok: database.ok, latencyMs: database.latencyMs },
    rateLimiter: {
      backend: rateLimitBackend(),
      failOpenCount: failOpen.total,
      lastFailOpenAt: failOpen.lastAt === null ? null : new Date(failOpen.lastAt).toISOString(),
      lastFailOpenReason: failOpen.lastReason,
    },
    publicCache: publicCacheStats(),
    admission: admissionStats(),
  };
}
