-- CreateTable
CREATE TABLE "ComponentStatusChange" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "componentId" TEXT NOT NULL,
    "fromStatus" "ComponentStatus" NOT NULL,
    "toStatus" "ComponentStatus" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ComponentStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Maintenance" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Maintenance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MaintenanceComponent" (
    "workspaceId" TEXT NOT NULL,
    "maintenanceId" TEXT NOT NULL,
    "componentId" TEXT NOT NULL,

    CONSTRAINT "MaintenanceComponent_pkey" PRIMARY KEY ("maintenanceId","componentId")
);

-- CreateIndex
CREATE INDEX "ComponentStatusChange_workspaceId_at_idx" ON "ComponentStatusChange"("workspaceId", "at");

-- CreateIndex
CREATE INDEX "ComponentStatusChange_componentId_idx" ON "ComponentStatusChange"("componentId");

-- CreateIndex
CREATE INDEX "Maintenance_workspaceId_endsAt_idx" ON "Maintenance"("workspaceId", "endsAt");

-- CreateIndex
CREATE INDEX "MaintenanceComponent_componentId_idx" ON "MaintenanceComponent"("componentId");

-- CreateIndex
CREATE INDEX "MaintenanceComponent_workspaceId_idx" ON "MaintenanceComponent"("workspaceId");

-- AddForeignKey
ALTER TABLE "ComponentStatusChange" ADD CONSTRAINT "ComponentStatusChange_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ComponentStatusChange" ADD CONSTRAINT "ComponentStatusChange_componentId_fkey" FOREIGN KEY ("componentId") REFERENCES "StatusComponent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Maintenance" ADD CONSTRAINT "Maintenance_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenanceComponent" ADD CONSTRAINT "MaintenanceComponent_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenanceComponent" ADD CONSTRAINT "MaintenanceComponent_maintenanceId_fkey" FOREIGN KEY ("maintenanceId") REFERENCES "Maintenance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenanceComponent" ADD CONSTRAINT "MaintenanceComponent_componentId_fkey" FOREIGN KEY ("componentId") REFERENCES "StatusComponent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A window ends after it starts; the domain refuses it with a field error first, this keeps any
-- other writer honest.
ALTER TABLE "Maintenance" ADD CONSTRAINT "Maintenance_ends_after_start" CHECK ("endsAt" > "startsAt");

-- History starts now: a component that is not operational today is recorded as having become so
-- at its last change, so its uptime bars do not paint the days before that as an outage.
INSERT INTO "ComponentStatusChange" ("id", "workspaceId", "componentId", "fromStatus", "toStatus", "at")
SELECT 'csc_' || md5(random()::text || c."id"), c."workspaceId", c."id", 'operational', c."status", c."updatedAt"
FROM "StatusComponent" c
WHERE c."status" <> 'operational';
