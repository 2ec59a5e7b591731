-- CreateTable
CREATE TABLE "ImportRun" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'previewed',
    "options" JSONB NOT NULL DEFAULT '{}',
    "preview" JSONB,
    "progress" JSONB NOT NULL DEFAULT '{}',
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "checkpoint" JSONB,
    "error" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "undoneAt" TIMESTAMPTZ(3),

    CONSTRAINT "ImportRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportFileChunk" (
    "workspaceId" TEXT NOT NULL,
    "importId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "ImportFileChunk_pkey" PRIMARY KEY ("importId","seq")
);

-- CreateTable
CREATE TABLE "ImportedRow" (
    "workspaceId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "importId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportedRow_pkey" PRIMARY KEY ("workspaceId","source","kind","sourceId")
);

-- CreateIndex
CREATE INDEX "ImportRun_workspaceId_createdAt_id_idx" ON "ImportRun"("workspaceId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ImportFileChunk_workspaceId_idx" ON "ImportFileChunk"("workspaceId");

-- CreateIndex
CREATE INDEX "ImportedRow_importId_kind_idx" ON "ImportedRow"("importId", "kind");

-- AddForeignKey
ALTER TABLE "ImportRun" ADD CONSTRAINT "ImportRun_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportFileChunk" ADD CONSTRAINT "ImportFileChunk_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportFileChunk" ADD CONSTRAINT "ImportFileChunk_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ImportRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportedRow" ADD CONSTRAINT "ImportedRow_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One import at a time per workspace: a second one is refused while another is queued or running.
CREATE UNIQUE INDEX "ImportRun_one_active_per_workspace" ON "ImportRun"("workspaceId") WHERE "state" IN ('queued', 'running');
