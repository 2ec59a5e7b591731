import { healthReport } from "@/lib/platform/health/health-report";

// For load balancers and uptime checks: 200 while the database answers, 503 while it does not.
// Costs at most one `SELECT 1` a second however often it is polled (lib/platform/db/probe.ts).
export async function GET() {
  const report = await healthReport();
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store", ...(report.status === "ok" ? {} : { "Retry-After": "10" }) },
  });
}
