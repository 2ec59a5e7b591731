-- CreateEnum
CREATE TYPE "NotificationKind" AS ENUM ('POST_STATUS', 'POST_REPLY', 'STATUS_UPDATE', 'CHANGELOG');

-- CreateEnum
CREATE TYPE "NotificationStatus" AS ENUM ('QUEUED', 'SENT', 'FAILED', 'SUPPRESSED');

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "notifyChangelogSubscribers" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "notifyPostUpdates" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "notifyStatusSubscribers" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "NotificationDelivery" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "kind" "NotificationKind" NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "status" "NotificationStatus" NOT NULL DEFAULT 'QUEUED',
    "reason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "NotificationDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "NotificationDelivery_workspaceId_subjectType_subjectId_crea_idx" ON "NotificationDelivery"("workspaceId", "subjectType", "subjectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "NotificationDelivery_eventId_recipient_key" ON "NotificationDelivery"("eventId", "recipient");

-- AddForeignKey
ALTER TABLE "NotificationDelivery" ADD CONSTRAINT "NotificationDelivery_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
