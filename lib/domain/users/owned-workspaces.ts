import type { Prisma } from "@/lib/generated/prisma/client";

type Client = Pick<Prisma.TransactionClient, "membership" | "$queryRaw">;

export interface OwnedWorkspace {
  id: string;
  slug: string;
  name: string;
}

/**
 * What deleting the account would do to the workspaces it owns: those it is the only owner of
 * while others are members block the deletion; those it is the only member of go with it; the rest
 * (another owner remains) only lose its membership. With `lock`, the workspace rows are locked FOR
 * UPDATE in id order first, so the counts hold until the transaction ends.
 */
export async function ownedWorkspaceFates(client: Client, userId: string, options: { lock: boolean }) {
  const owned = await client.membership.findMany({ where: { userId, role: "OWNER" }, select: { workspaceId: true } });
  const ids = owned.map((membership) => membership.workspaceId).sort();
  const blocking: OwnedWorkspace[] = [];
  const alone: OwnedWorkspace[] = [];
  if (ids.length === 0) return { blocking, alone };
  const workspaces = options.lock
    ? await client.$queryRaw<OwnedWorkspace[]>`SELECT id, slug, name FROM "Workspace" WHERE id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`
    : await client.$queryRaw<OwnedWorkspace[]>`SELECT id, slug, name FROM "Workspace" WHERE id = ANY(${ids}::text[]) ORDER BY id`;
  const others = await client.membership.findMany({
    where: { workspaceId: { in: ids }, userId: { not: userId } },
    distinct: ["workspaceId", "role"],
    select: { workspaceId: true, role: true },
  });
  for (const workspace of workspaces) {
    const roles = others.filter((row) => row.workspaceId === workspace.id).map((row) => row.role);
    if (roles.length === 0) alone.push(workspace);
    else if (!roles.includes("OWNER")) blocking.push(workspace);
  }
  const byName = (a: OwnedWorkspace, b: OwnedWorkspace) => a.name.localeCompare(b.name);
  return { blocking: blocking.sort(byName), alone: alone.sort(byName) };
}
