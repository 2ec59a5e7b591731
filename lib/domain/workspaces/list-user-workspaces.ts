import { cache } from "react";
import { db } from "@/lib/platform/db/client";

export async function listUserWorkspaces(userId: string) {
  const memberships = await db.membership.findMany({
    where: { userId },
    orderBy: { workspace: { name: "asc" } },
    select: { role: true, workspace: { select: { id: true, slug: true, name: true, plan: true } } },
  });
  return memberships.map(({ role, workspace }) => ({ ...workspace, role }));
}

/**
 * The workspace by slug if the user belongs to it; null hides whether it exists at all. Read once
 * per request however many of the layout, its metadata and the page ask (React's cache).
 */
export const getMemberWorkspace = cache(async function getMemberWorkspace(userId: string, slug: string) {
  const membership = await db.membership.findFirst({
    where: { userId, workspace: { slug } },
    select: { role: true, workspace: true },
  });
  return membership ? { ...membership.workspace, role: membership.role } : null;
});

/** The user's role in the workspace of this slug, or null when they are not a member (or there is no such workspace). */
export async function memberRoleIn(userId: string, slug: string) {
  const membership = await db.membership.findFirst({ where: { userId, workspace: { slug } }, select: { role: true } });
  return membership?.role ?? null;
}
