-- CreateTable
CREATE TABLE "PlanChange" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "fromPlan" "Plan" NOT NULL,
    "toPlan" "Plan" NOT NULL,
    "changedBy" TEXT NOT NULL,
    "eventId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlanChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PlanChange_eventId_key" ON "PlanChange"("eventId");

-- CreateIndex
CREATE INDEX "PlanChange_workspaceId_createdAt_idx" ON "PlanChange"("workspaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "PlanChange" ADD CONSTRAINT "PlanChange_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
