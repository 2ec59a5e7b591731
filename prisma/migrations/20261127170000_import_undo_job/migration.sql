-- Undoing an import is a job of its own, on its own queue, made in advance like every other queue.
SELECT pgboss.create_queue('imports.undo', '{"policy":"standard"}');

-- An import being undone counts as active: a run into the workspace meanwhile could skip rows as
-- already imported that the undo is about to delete.
DROP INDEX "ImportRun_one_active_per_workspace";
CREATE UNIQUE INDEX "ImportRun_one_active_per_workspace" ON "ImportRun"("workspaceId") WHERE "state" IN ('queued', 'running', 'undoing');
