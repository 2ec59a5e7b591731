-- Every instance keeps rendered portal pages and public JSON answers in memory; a change to what a
-- portal shows tells them all through one channel, 'public_cache', with the workspace's id as the
-- payload (lib/platform/cache/public-cache-listener.ts drops that workspace's entries). Statement-level
-- triggers with transition tables: one notice per workspace a statement touched, however many rows,
-- and PostgreSQL folds identical notices within a transaction into one, delivered at commit.

CREATE FUNCTION public_cache_notify_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_cache', changed.workspace_id) FROM (SELECT DISTINCT "workspaceId" AS workspace_id FROM new_rows) AS changed;
  RETURN NULL;
END $$;

CREATE FUNCTION public_cache_notify_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_cache', changed.workspace_id) FROM (SELECT DISTINCT "workspaceId" AS workspace_id FROM old_rows) AS changed;
  RETURN NULL;
END $$;

-- A workspace's own row: its slug may be what changed, so the notice carries the slug it had too
-- ("id slug"), and the entries kept under the old address go at once. Per row: workspaces change rarely.
CREATE FUNCTION public_cache_notify_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_cache', OLD."id" || ' ' || OLD."slug");
  RETURN NULL;
END $$;

CREATE TRIGGER "Workspace_public_cache" AFTER UPDATE OR DELETE ON "Workspace" FOR EACH ROW EXECUTE FUNCTION public_cache_notify_workspace();

CREATE TRIGGER "WorkspaceLogo_public_cache_insert" AFTER INSERT ON "WorkspaceLogo" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "WorkspaceLogo_public_cache_update" AFTER UPDATE ON "WorkspaceLogo" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "WorkspaceLogo_public_cache_delete" AFTER DELETE ON "WorkspaceLogo" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "Board_public_cache_insert" AFTER INSERT ON "Board" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "Board_public_cache_update" AFTER UPDATE ON "Board" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "Board_public_cache_delete" AFTER DELETE ON "Board" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "Post_public_cache_insert" AFTER INSERT ON "Post" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "Post_public_cache_update" AFTER UPDATE ON "Post" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "Post_public_cache_delete" AFTER DELETE ON "Post" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "Comment_public_cache_insert" AFTER INSERT ON "Comment" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "Comment_public_cache_update" AFTER UPDATE ON "Comment" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "Comment_public_cache_delete" AFTER DELETE ON "Comment" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "RoadmapItem_public_cache_insert" AFTER INSERT ON "RoadmapItem" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "RoadmapItem_public_cache_update" AFTER UPDATE ON "RoadmapItem" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "RoadmapItem_public_cache_delete" AFTER DELETE ON "RoadmapItem" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "ReleaseNote_public_cache_insert" AFTER INSERT ON "ReleaseNote" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "ReleaseNote_public_cache_update" AFTER UPDATE ON "ReleaseNote" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "ReleaseNote_public_cache_delete" AFTER DELETE ON "ReleaseNote" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "ReleaseNotePost_public_cache_insert" AFTER INSERT ON "ReleaseNotePost" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "ReleaseNotePost_public_cache_update" AFTER UPDATE ON "ReleaseNotePost" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "ReleaseNotePost_public_cache_delete" AFTER DELETE ON "ReleaseNotePost" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "StatusComponent_public_cache_insert" AFTER INSERT ON "StatusComponent" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "StatusComponent_public_cache_update" AFTER UPDATE ON "StatusComponent" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "StatusComponent_public_cache_delete" AFTER DELETE ON "StatusComponent" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "Incident_public_cache_insert" AFTER INSERT ON "Incident" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "Incident_public_cache_update" AFTER UPDATE ON "Incident" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "Incident_public_cache_delete" AFTER DELETE ON "Incident" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "IncidentUpdate_public_cache_insert" AFTER INSERT ON "IncidentUpdate" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "IncidentUpdate_public_cache_update" AFTER UPDATE ON "IncidentUpdate" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "IncidentUpdate_public_cache_delete" AFTER DELETE ON "IncidentUpdate" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "IncidentComponent_public_cache_insert" AFTER INSERT ON "IncidentComponent" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "IncidentComponent_public_cache_update" AFTER UPDATE ON "IncidentComponent" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "IncidentComponent_public_cache_delete" AFTER DELETE ON "IncidentComponent" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "ComponentStatusChange_public_cache_insert" AFTER INSERT ON "ComponentStatusChange" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "ComponentStatusChange_public_cache_update" AFTER UPDATE ON "ComponentStatusChange" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "ComponentStatusChange_public_cache_delete" AFTER DELETE ON "ComponentStatusChange" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "Maintenance_public_cache_insert" AFTER INSERT ON "Maintenance" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "Maintenance_public_cache_update" AFTER UPDATE ON "Maintenance" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "Maintenance_public_cache_delete" AFTER DELETE ON "Maintenance" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();

CREATE TRIGGER "MaintenanceComponent_public_cache_insert" AFTER INSERT ON "MaintenanceComponent" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "MaintenanceComponent_public_cache_update" AFTER UPDATE ON "MaintenanceComponent" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_new();
CREATE TRIGGER "MaintenanceComponent_public_cache_delete" AFTER DELETE ON "MaintenanceComponent" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_cache_notify_old();
