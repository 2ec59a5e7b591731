-- CreateEnum
CREATE TYPE "SubscriptionTopic" AS ENUM ('STATUS', 'CHANGELOG');

-- CreateTable
CREATE TABLE "Subscriber" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "topic" "SubscriptionTopic" NOT NULL,
    "email" TEXT NOT NULL,
    "componentIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "locale" TEXT,
    "confirmedAt" TIMESTAMPTZ(3),
    "confirmTokenHash" TEXT,
    "manageTokenHash" TEXT NOT NULL,
    "confirmSentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Subscriber_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_confirmTokenHash_key" ON "Subscriber"("confirmTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_manageTokenHash_key" ON "Subscriber"("manageTokenHash");

-- CreateIndex
CREATE INDEX "Subscriber_workspaceId_topic_confirmedAt_id_idx" ON "Subscriber"("workspaceId", "topic", "confirmedAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_workspaceId_topic_email_key" ON "Subscriber"("workspaceId", "topic", "email");

-- AddForeignKey
ALTER TABLE "Subscriber" ADD CONSTRAINT "Subscriber_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The queue that splits a large send into chunks, made here rather than on first use.
SELECT pgboss.create_queue('subscribers.fan_out', '{"policy":"standard"}');
