-- CreateEnum
CREATE TYPE "PostNotificationLevel" AS ENUM ('ALL', 'OWN_POSTS', 'NONE');

-- CreateTable
CREATE TABLE "PostStatusChange" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "postId" TEXT NOT NULL,
    "from" "PostStatus" NOT NULL,
    "to" "PostStatus" NOT NULL,
    "actorId" TEXT,
    "note" TEXT,
    "eventId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PostStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PostNotificationPreference" (
    "userId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "level" "PostNotificationLevel" NOT NULL,
    "locale" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PostNotificationPreference_pkey" PRIMARY KEY ("userId","workspaceId")
);

-- CreateIndex
CREATE UNIQUE INDEX "PostStatusChange_eventId_key" ON "PostStatusChange"("eventId");

-- CreateIndex
CREATE INDEX "PostStatusChange_workspaceId_idx" ON "PostStatusChange"("workspaceId");

-- CreateIndex
CREATE INDEX "PostStatusChange_postId_createdAt_idx" ON "PostStatusChange"("postId", "createdAt");

-- CreateIndex
CREATE INDEX "PostNotificationPreference_workspaceId_idx" ON "PostNotificationPreference"("workspaceId");

-- AddForeignKey
ALTER TABLE "PostStatusChange" ADD CONSTRAINT "PostStatusChange_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostStatusChange" ADD CONSTRAINT "PostStatusChange_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostNotificationPreference" ADD CONSTRAINT "PostNotificationPreference_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostNotificationPreference" ADD CONSTRAINT "PostNotificationPreference_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
