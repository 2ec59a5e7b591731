-- CreateIndex
CREATE INDEX "RoadmapItem_workspaceId_position_id_idx" ON "RoadmapItem"("workspaceId", "position", "id");

-- CreateIndex
CREATE INDEX "StatusComponent_workspaceId_position_id_idx" ON "StatusComponent"("workspaceId", "position", "id");
