-- A person's name shows on every portal where they wrote a post or a comment (as its author), so a
-- rename tells the instances to drop those workspaces' cached pages and answers: one notice per
-- workspace, on the same channel as every other change a portal shows (migration
-- public_cache_notify). Per row and only when the name changed: renames are rare, and each walks the
-- authorId indexes of "Post" and "Comment". (A trigger naming a column cannot have transition tables.)
CREATE FUNCTION public_cache_notify_author() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_cache', wrote.workspace_id) FROM (
    SELECT "workspaceId" AS workspace_id FROM "Post" WHERE "authorId" = NEW."id"
    UNION
    SELECT "workspaceId" FROM "Comment" WHERE "authorId" = NEW."id"
  ) AS wrote;
  RETURN NULL;
END $$;

CREATE TRIGGER "User_name_public_cache" AFTER UPDATE OF "name" ON "User" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION public_cache_notify_author();
