-- AlterTable
ALTER TABLE "ReleaseNote" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "ReleaseNotePost" (
    "workspaceId" TEXT NOT NULL,
    "releaseNoteId" TEXT NOT NULL,
    "postId" TEXT NOT NULL,

    CONSTRAINT "ReleaseNotePost_pkey" PRIMARY KEY ("releaseNoteId","postId")
);

-- CreateIndex
CREATE INDEX "ReleaseNotePost_postId_idx" ON "ReleaseNotePost"("postId");

-- CreateIndex
CREATE INDEX "ReleaseNotePost_workspaceId_idx" ON "ReleaseNotePost"("workspaceId");

-- CreateIndex
CREATE INDEX "RoadmapItem_workspaceId_stage_position_id_idx" ON "RoadmapItem"("workspaceId", "stage", "position", "id");

-- AddForeignKey
ALTER TABLE "ReleaseNotePost" ADD CONSTRAINT "ReleaseNotePost_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReleaseNotePost" ADD CONSTRAINT "ReleaseNotePost_releaseNoteId_fkey" FOREIGN KEY ("releaseNoteId") REFERENCES "ReleaseNote"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReleaseNotePost" ADD CONSTRAINT "ReleaseNotePost_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;
