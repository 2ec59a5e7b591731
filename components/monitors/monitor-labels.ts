import type { BadgeTone } from "@/components/ui/badge";

export const STATE_LABELS: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: "Waiting for checks", tone: "neutral" },
  up: { label: "Up", tone: "green" },
  degraded: { label: "Degraded", tone: "amber" },
  down: { label: "Down", tone: "red" },
};

export const INTERVAL_LABELS: Record<number, string> = { 30: "30 s", 60: "1 min", 300: "5 min", 600: "10 min", 1800: "30 min", 3600: "60 min" };

export function targetOf(monitor: { kind: string; url: string | null; host: string | null; port: number | null }): string {
  if (monitor.kind === "http") return monitor.url ?? "";
  if (monitor.kind === "tcp") return `${monitor.host}:${monitor.port}`;
  return "Heartbeat URL";
}
