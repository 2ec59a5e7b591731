-- The dashboard's inbox and post pages are kept per workspace and role in every instance's memory
-- (lib/surfaces/front-door/dashboard-page-cache.ts). Whatever a portal shows already tells every
-- instance on 'public_cache', which drops the dashboard's pages with the portal's. These tables
-- show only on the dashboard (a post's voters, its notification log, the companies behind votes and
-- their spend): a change to them tells 'dashboard_cache', which drops the workspace's dashboard
-- pages alone, so a burst of mail deliveries never empties the portal's cache. Same shape as
-- public_cache: statement-level, one notice per workspace a statement touched, folded at commit.

CREATE FUNCTION dashboard_cache_notify_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dashboard_cache', changed.workspace_id) FROM (SELECT DISTINCT "workspaceId" AS workspace_id FROM new_rows) AS changed;
  RETURN NULL;
END $$;

CREATE FUNCTION dashboard_cache_notify_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dashboard_cache', changed.workspace_id) FROM (SELECT DISTINCT "workspaceId" AS workspace_id FROM old_rows) AS changed;
  RETURN NULL;
END $$;

-- A person's link to a company has no workspace of its own: the company's says which.
CREATE FUNCTION dashboard_cache_notify_company_link_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dashboard_cache', changed.workspace_id) FROM (SELECT DISTINCT c."workspaceId" AS workspace_id FROM new_rows n JOIN "SsoCompany" c ON c."id" = n."companyId") AS changed;
  RETURN NULL;
END $$;

CREATE FUNCTION dashboard_cache_notify_company_link_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dashboard_cache', changed.workspace_id) FROM (SELECT DISTINCT c."workspaceId" AS workspace_id FROM old_rows o JOIN "SsoCompany" c ON c."id" = o."companyId") AS changed;
  RETURN NULL;
END $$;

CREATE TRIGGER "Vote_dashboard_cache_insert" AFTER INSERT ON "Vote" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_new();
CREATE TRIGGER "Vote_dashboard_cache_update" AFTER UPDATE ON "Vote" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_new();
CREATE TRIGGER "Vote_dashboard_cache_delete" AFTER DELETE ON "Vote" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_old();

CREATE TRIGGER "NotificationDelivery_dashboard_cache_insert" AFTER INSERT ON "NotificationDelivery" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_new();
CREATE TRIGGER "NotificationDelivery_dashboard_cache_update" AFTER UPDATE ON "NotificationDelivery" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_new();
CREATE TRIGGER "NotificationDelivery_dashboard_cache_delete" AFTER DELETE ON "NotificationDelivery" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_old();

CREATE TRIGGER "SsoCompany_dashboard_cache_insert" AFTER INSERT ON "SsoCompany" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_new();
CREATE TRIGGER "SsoCompany_dashboard_cache_update" AFTER UPDATE ON "SsoCompany" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_new();
CREATE TRIGGER "SsoCompany_dashboard_cache_delete" AFTER DELETE ON "SsoCompany" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_old();

CREATE TRIGGER "SsoUserCompany_dashboard_cache_insert" AFTER INSERT ON "SsoUserCompany" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_company_link_new();
CREATE TRIGGER "SsoUserCompany_dashboard_cache_update" AFTER UPDATE ON "SsoUserCompany" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_company_link_new();
CREATE TRIGGER "SsoUserCompany_dashboard_cache_delete" AFTER DELETE ON "SsoUserCompany" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_cache_notify_company_link_old();
