import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { addBoard, addComponent, e2eDatabaseUrl, publishedPortal, sql, type Portal } from "./public-fixtures";

// Screenshots of every portal page at desktop and phone widths, saved to e2e/artifacts for review.
test.skip(!e2eDatabaseUrl(), "needs TEST_DATABASE_URL (PostgreSQL) to seed the portal");

const ARTIFACTS = "e2e/artifacts";

async function seedContent(portal: Portal) {
  const w = portal.workspaceId;
  const features = await addBoard(portal, "Feature requests", "features");
  await addBoard(portal, "Bugs", "bugs");
  await addBoard(portal, "Internal", "internal", false);
  await sql(`UPDATE "Board" SET description = 'Ideas for making the product better.' WHERE id = $1`, [features]);
  const [roadmap] = await sql<{ id: string }>(
    `INSERT INTO "RoadmapItem" (id, "workspaceId", title, description, stage, position, "updatedAt") VALUES
      ('rm1_' || md5(random()::text), $1, 'Dark mode', 'A dark theme for the portal and the dashboard.', 'in_progress', 1, now()),
      ('rm2_' || md5(random()::text), $1, 'CSV export', 'Export posts and votes.', 'planned', 2, now()),
      ('rm3_' || md5(random()::text), $1, 'Single sign-on', '', 'completed', 3, now()) RETURNING id`,
    [w],
  );
  await sql(
    `INSERT INTO "Post" (id, "workspaceId", "boardId", "authorId", "roadmapItemId", title, body, status, tags, "voteCount", "commentCount", "updatedAt")
     SELECT 'post_' || md5(random()::text || n), $1, $2, $3, CASE WHEN n = 1 THEN $4 END, t, b, s::"PostStatus", tg, v, c, now()
     FROM (VALUES
       (1, 'Dark mode', 'Please add a dark theme; my eyes hurt at night.', 'in_progress', ARRAY['ui'], 42, 0),
       (2, 'Export to CSV', 'We need our data in spreadsheets for the monthly report.', 'planned', ARRAY['data'], 17, 0),
       (3, 'Slack notifications', 'Notify a channel when a post is created or changes status.', 'under_review', ARRAY['integrations'], 9, 0),
       (4, 'Keyboard shortcuts', '', 'open', ARRAY[]::text[], 3, 0),
       (5, 'Public API for votes', 'Read votes through the public API.', 'completed', ARRAY['api'], 1, 0)
     ) AS v(n, t, b, s, tg, v, c)`,
    [w, features, portal.ownerId, roadmap!.id],
  );
  await sql(
    `INSERT INTO "ReleaseNote" (id, "workspaceId", title, body, status, "publishedAt", "updatedAt") VALUES
      ('rn1_' || md5(random()::text), $1, 'Roadmap columns', E'The roadmap now shows **columns** per stage.\n\n- Planned\n- In progress\n- Completed\n\nRead the [docs](https://example.org/docs).', 'published', now() - interval '14 days', now()),
      ('rn2_' || md5(random()::text), $1, 'Faster search', E'Search answers in under 50 ms.\n\n<script>alert(1)</script> stays text.', 'published', now() - interval '3 days', now())`,
    [w],
  );
  const api = await addComponent(portal, "API", 0);
  await addComponent(portal, "Dashboard", 1);
  await addComponent(portal, "Webhooks", 2);
  await sql(`UPDATE "StatusComponent" SET status = 'partial_outage' WHERE id = $1`, [api]);
  await sql(
    `WITH i AS (INSERT INTO "Incident" (id, "workspaceId", title, status, impact, "createdAt", "updatedAt") VALUES ('inc_' || md5(random()::text), $1, 'Elevated API error rates', 'identified', 'major', now() - interval '40 minutes', now()) RETURNING id),
          l AS (INSERT INTO "IncidentComponent" ("workspaceId", "incidentId", "componentId") SELECT $1, i.id, $2 FROM i)
     INSERT INTO "IncidentUpdate" (id, "workspaceId", "incidentId", status, impact, message, "createdAt")
     SELECT 'upd_' || md5(random()::text || n), $1, i.id, s::"IncidentStatus", 'major', m, now() - (n || ' minutes')::interval
     FROM i, (VALUES (40, 'investigating', 'Some API requests fail with 502.'), (12, 'identified', 'A faulty load balancer was taken out of rotation.')) AS v(n, s, m)`,
    [w, api],
  );
  await sql(
    `WITH i AS (INSERT INTO "Incident" (id, "workspaceId", title, status, impact, "resolvedAt", "createdAt", "updatedAt") VALUES ('inc_' || md5(random()::text), $1, 'Webhook delays', 'resolved', 'minor', now() - interval '6 days', now() - interval '6 days 2 hours', now()) RETURNING id)
     INSERT INTO "IncidentUpdate" (id, "workspaceId", "incidentId", status, impact, message, "createdAt")
     SELECT 'upd_' || md5(random()::text || n), $1, i.id, s::"IncidentStatus", 'minor', m, now() - interval '6 days' - (n || ' minutes')::interval
     FROM i, (VALUES (120, 'investigating', 'Webhooks are delivered late.'), (0, 'resolved', 'The queue has caught up.')) AS v(n, s, m)`,
    [w],
  );
}

test("portal pages at desktop and phone widths", async ({ page, browser }) => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const portal = await publishedPortal(page, "Acme Rockets");
  await seedContent(portal);
  const [post] = await sql<{ id: string }>(`SELECT id FROM "Post" WHERE "workspaceId" = $1 ORDER BY "voteCount" DESC LIMIT 1`, [portal.workspaceId]);
  await sql(
    `WITH c AS (INSERT INTO "Comment" (id, "workspaceId", "postId", "authorId", body, "createdAt", "updatedAt")
       SELECT 'cmt_' || md5(random()::text || n), $1, $2, $3, b, now() - (n || ' hours')::interval, now()
       FROM (VALUES (5, 'Yes please, we work late and the white screen is blinding.'), (2, E'+1, and follow the system setting.\nThat would be perfect.')) AS v(n, b) RETURNING 1)
     UPDATE "Post" SET "commentCount" = (SELECT count(*) FROM c) WHERE id = $2`,
    [portal.workspaceId, post!.id, portal.ownerId],
  );
  const pages = {
    home: `/p/${portal.slug}`,
    board: `/p/${portal.slug}/boards/features`,
    post: `/p/${portal.slug}/posts/${post!.id}`,
    roadmap: `/p/${portal.slug}/roadmap`,
    changelog: `/p/${portal.slug}/changelog`,
    status: `/p/${portal.slug}/status`,
  };
  for (const [width, label] of [[1280, "desktop"], [390, "mobile"]] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const visitor = await context.newPage();
    for (const [name, path] of Object.entries(pages)) {
      await visitor.goto(path);
      await expect(visitor.getByTestId("portal-name")).toHaveText("Acme Rockets");
      await visitor.screenshot({ path: `${ARTIFACTS}/portal-${name}-${label}.png`, fullPage: true });
    }
    await context.close();
  }
});
