-- CreateEnum
CREATE TYPE "MonitorKind" AS ENUM ('http', 'tcp', 'heartbeat');

-- CreateEnum
CREATE TYPE "MonitorState" AS ENUM ('pending', 'up', 'degraded', 'down');

-- CreateEnum
CREATE TYPE "MonitorIncidentMode" AS ENUM ('draft', 'publish');

-- CreateTable
CREATE TABLE "Monitor" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "componentId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "MonitorKind" NOT NULL,
    "url" TEXT,
    "method" TEXT NOT NULL DEFAULT 'GET',
    "headers" JSONB NOT NULL DEFAULT '{}',
    "expectedStatus" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "keyword" TEXT,
    "host" TEXT,
    "port" INTEGER,
    "heartbeatToken" TEXT,
    "intervalSeconds" INTEGER NOT NULL,
    "timeoutMs" INTEGER NOT NULL DEFAULT 10000,
    "degradedAboveMs" INTEGER,
    "failuresToDown" INTEGER NOT NULL DEFAULT 2,
    "successesToUp" INTEGER NOT NULL DEFAULT 1,
    "placesToDown" INTEGER NOT NULL DEFAULT 1,
    "incidentMode" "MonitorIncidentMode" NOT NULL DEFAULT 'draft',
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "state" "MonitorState" NOT NULL DEFAULT 'pending',
    "failureStreak" INTEGER NOT NULL DEFAULT 0,
    "successStreak" INTEGER NOT NULL DEFAULT 0,
    "slowStreak" INTEGER NOT NULL DEFAULT 0,
    "lastCheckedAt" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "lastBeatAt" TIMESTAMPTZ(3),
    "heartbeatWindowAt" TIMESTAMPTZ(3),
    "certificateExpiresAt" TIMESTAMPTZ(3),
    "certificateWarnedDays" INTEGER,
    "nextCheckAt" TIMESTAMPTZ(3) NOT NULL,
    "leaseUntil" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Monitor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MonitorCheck" (
    "monitorId" TEXT NOT NULL,
    "place" TEXT NOT NULL DEFAULT 'app',
    "dueAt" TIMESTAMPTZ(3) NOT NULL,
    "checkedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ok" BOOLEAN NOT NULL,
    "degraded" BOOLEAN NOT NULL DEFAULT false,
    "durationMs" INTEGER,
    "statusCode" INTEGER,
    "error" TEXT,

    CONSTRAINT "MonitorCheck_pkey" PRIMARY KEY ("monitorId","place","dueAt")
);

-- CreateTable
CREATE TABLE "MonitorRollup" (
    "monitorId" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "checks" INTEGER NOT NULL,
    "failures" INTEGER NOT NULL,
    "p50Ms" INTEGER,
    "p95Ms" INTEGER,

    CONSTRAINT "MonitorRollup_pkey" PRIMARY KEY ("monitorId","period","bucket")
);

-- CreateTable
CREATE TABLE "MonitorOutage" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "monitorId" TEXT NOT NULL,
    "componentId" TEXT NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "endedAt" TIMESTAMPTZ(3),
    "reason" TEXT NOT NULL,
    "previousStatus" "ComponentStatus" NOT NULL DEFAULT 'operational',
    "incidentId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MonitorOutage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Monitor_heartbeatToken_key" ON "Monitor"("heartbeatToken");

-- CreateIndex
CREATE INDEX "Monitor_workspaceId_createdAt_id_idx" ON "Monitor"("workspaceId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Monitor_componentId_idx" ON "Monitor"("componentId");

-- CreateIndex
CREATE INDEX "Monitor_nextCheckAt_idx" ON "Monitor"("nextCheckAt");

-- CreateIndex
CREATE INDEX "MonitorCheck_monitorId_checkedAt_idx" ON "MonitorCheck"("monitorId", "checkedAt");

-- CreateIndex
CREATE INDEX "MonitorCheck_checkedAt_idx" ON "MonitorCheck"("checkedAt");

-- CreateIndex
CREATE INDEX "MonitorRollup_period_bucket_idx" ON "MonitorRollup"("period", "bucket");

-- CreateIndex
CREATE UNIQUE INDEX "MonitorOutage_incidentId_key" ON "MonitorOutage"("incidentId");

-- CreateIndex
CREATE INDEX "MonitorOutage_workspaceId_startedAt_idx" ON "MonitorOutage"("workspaceId", "startedAt");

-- CreateIndex
CREATE INDEX "MonitorOutage_monitorId_startedAt_idx" ON "MonitorOutage"("monitorId", "startedAt");

-- AddForeignKey
ALTER TABLE "Monitor" ADD CONSTRAINT "Monitor_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Monitor" ADD CONSTRAINT "Monitor_componentId_fkey" FOREIGN KEY ("componentId") REFERENCES "StatusComponent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorCheck" ADD CONSTRAINT "MonitorCheck_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorRollup" ADD CONSTRAINT "MonitorRollup_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorOutage" ADD CONSTRAINT "MonitorOutage_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorOutage" ADD CONSTRAINT "MonitorOutage_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The queue of the hourly job that sums and prunes the checks, made in advance like every other queue.
SELECT pgboss.create_queue('monitors.rollup', '{"policy":"standard"}');
