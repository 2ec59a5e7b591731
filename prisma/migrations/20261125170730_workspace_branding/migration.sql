-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "accentColor" TEXT,
ADD COLUMN     "logoVersion" TEXT;

-- CreateTable
CREATE TABLE "WorkspaceLogo" (
    "workspaceId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WorkspaceLogo_pkey" PRIMARY KEY ("workspaceId")
);

-- AddForeignKey
ALTER TABLE "WorkspaceLogo" ADD CONSTRAINT "WorkspaceLogo_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
