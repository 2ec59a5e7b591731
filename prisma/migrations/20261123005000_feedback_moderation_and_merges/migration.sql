-- AlterTable
ALTER TABLE "Comment" ADD COLUMN     "hiddenAt" TIMESTAMPTZ(3),
ADD COLUMN     "isTeamReply" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Post" ADD COLUMN     "mergedAt" TIMESTAMPTZ(3),
ADD COLUMN     "mergedIntoId" TEXT,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Post_mergedIntoId_idx" ON "Post"("mergedIntoId");

-- AddForeignKey
ALTER TABLE "Post" ADD CONSTRAINT "Post_mergedIntoId_fkey" FOREIGN KEY ("mergedIntoId") REFERENCES "Post"("id") ON DELETE SET NULL ON UPDATE CASCADE;
