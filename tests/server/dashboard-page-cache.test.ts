import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { db } from "@/lib/platform/db/client";
import { startProductionServer } from "../support/production-server";
import { until } from "../support/until";
import { sessionCookieFor } from "../support/session-cookie";
import { createTestUser } from "../support/api";
import { seedPortal, type Portal } from "../public/fixtures";

// The dashboard's inbox and post pages rendered once per workspace and role, and answered from the
// front door's cache (lib/surfaces/front-door/dashboard-page-cache.ts), over real HTTP on the
// production build (skipped without one: `npm run build`): that a kept render names nobody, that
// every request is still checked, and that changes from anywhere drop it.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const built = fs.existsSync(".next/BUILD_ID");

let server: ChildProcess;
let portal: Portal;
type Person = { id: string; email: string; cookie: string };
let ada: Person; // admin
let ben: Person; // admin
let cy: Person; // viewer
let owner: Person;

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) => fetch(`${BASE}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers }, redirect: "manual" });

async function person(make: () => Promise<{ id: string; email: string }>): Promise<Person> {
  const user = await make();
  return { ...user, cookie: await sessionCookieFor(user, BASE) };
}


const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.skipIf(!built || !process.env.DATABASE_URL)("dashboard page cache (production server)", () => {
  beforeAll(async () => {
    portal = await seedPortal();
    owner = await person(async () => portal.tenant.owner);
    ada = await person(() => portal.tenant.member("ADMIN", "ada"));
    ben = await person(() => portal.tenant.member("ADMIN", "ben"));
    cy = await person(() => portal.tenant.member("VIEWER", "cy"));
    server = await startProductionServer(PORT, { PUBLIC_RATE_LIMIT_PER_MINUTE: "100000" }, 90_000);
  });
  afterAll(() => {
    server?.kill("SIGTERM");
  });

  it("renders the inbox once per role, names nobody in it, and answers the next member of the role from it", async () => {
    const inbox = `/w/${portal.slug}/posts`;
    const first = await get(inbox, ada.cookie);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toMatch(/^private, .*no-store/);
    const rendered = await first.text();
    expect(rendered).toContain(portal.post.title);
    // Not even the person it was rendered for: not in the HTML, not in the inline payload.
    expect(rendered).not.toContain(ada.email);
    await settle();

    const second = await get(inbox, ben.cookie);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("cache-control")).toMatch(/^private, .*no-store/);
    const shared = await second.text();
    expect(shared).toBe(rendered);
    expect(shared).not.toContain(ben.email);

    // Another role has its own render: a viewer gets no "New post" button from an admin's.
    const viewer = await get(inbox, cy.cookie);
    expect(viewer.headers.get("x-cache")).toBe("MISS");
    const viewerPage = await viewer.text();
    expect(rendered).toContain("New post");
    expect(viewerPage).not.toContain("New post");
    expect(viewerPage).not.toContain(cy.email);
  });

  it("answers each person's own parts at /account/viewer, and nobody else's", async () => {
    const mine = await get("/account/viewer", ada.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const body = (await mine.json()) as { email: string; operator: boolean; workspaces: { slug: string; role: string }[] };
    expect(body.email).toBe(ada.email);
    expect(body.operator).toBe(false);
    expect(body.workspaces).toContainEqual(expect.objectContaining({ slug: portal.slug, role: "ADMIN" }));
    expect(((await (await get("/account/viewer", cy.cookie)).json()) as { email: string }).email).toBe(cy.email);

    const nobody = await get("/account/viewer");
    expect(nobody.status).toBe(401);
    expect(await nobody.json()).toMatchObject({ success: false, code: "UNAUTHORIZED" });
  });

  it("checks every request as if it were rendered: signed out, a stranger and an ended session never get the kept page", async () => {
    const inbox = `/w/${portal.slug}/posts`;
    await get(inbox, ada.cookie);
    await settle();
    expect((await get(inbox, ben.cookie)).headers.get("x-cache")).toBe("HIT");

    const signedOut = await get(inbox);
    expect([302, 303, 307]).toContain(signedOut.status);
    expect(signedOut.headers.get("location")).toContain("/sign-in");

    const stranger = await person(() => createTestUser("stranger"));
    const theirs = await get(inbox, stranger.cookie);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain(portal.post.title);

    const ended = await person(() => portal.tenant.member("ADMIN", "gone"));
    expect((await get(inbox, ended.cookie)).status).toBe(200);
    await db.authSession.updateMany({ where: { userId: ended.id }, data: { endedAt: new Date() } });
    const after = await get(inbox, ended.cookie);
    expect([302, 303, 307]).toContain(after.status);
    expect(after.headers.get("x-cache")).toBeNull();
  });

  it("drops the kept pages when what they show changes, from any writer: a post, a vote", async () => {
    const page = `/w/${portal.slug}/posts/${portal.post.id}`;
    await get(page, ada.cookie);
    await settle();
    expect((await get(page, ben.cookie)).headers.get("x-cache")).toBe("HIT");

    // A write outside this server's process (as another instance or a job would make it).
    await db.post.update({ where: { id: portal.post.id }, data: { title: "Dark mode, renamed" } });
    const renamed = await until(
      () => get(page, ben.cookie).then((answer) => answer.text()),
      (html) => html.includes("Dark mode, renamed"),
      5000,
    );
    expect(renamed).not.toContain(ben.email);
    await settle();
    expect((await get(page, ada.cookie)).headers.get("x-cache")).toBe("HIT");

    // Votes show only on the dashboard: their own channel drops the dashboard's pages.
    const voter = await createTestUser("voter");
    await db.vote.create({ data: { workspaceId: portal.workspaceId, postId: portal.post.id, userId: voter.id } });
    await until(
      () => get(page, ada.cookie).then((answer) => answer.text()),
      (html) => html.includes(voter.email),
      5000,
    );
  });

  it("keys on the role read at each request: a member whose role changed gets their new role's page", async () => {
    const inbox = `/w/${portal.slug}/posts?sort=new`;
    const member = await person(() => portal.tenant.member("ADMIN", "dee"));
    await get(inbox, ada.cookie);
    await settle();
    expect(await (await get(inbox, member.cookie)).text()).toContain("New post");
    await db.membership.updateMany({ where: { userId: member.id, workspaceId: portal.workspaceId }, data: { role: "VIEWER" } });
    const demoted = await get(inbox, member.cookie);
    expect(demoted.status).toBe(200);
    expect(await demoted.text()).not.toContain("New post");
  });

  it("ignores a client's own claim that a render is shared: other pages still name their viewer", async () => {
    const overview = await get(`/w/${portal.slug}`, ada.cookie, { "x-dashboard-shared-render": "1" });
    expect(overview.status).toBe(200);
    expect(await overview.text()).toContain(ada.email);
    const direct = await get(`/w/${portal.slug}/posts`, owner.cookie, { rsc: "1" });
    expect(direct.headers.get("x-cache")).toBeNull();
  });
});
