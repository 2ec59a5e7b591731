import type { Metadata } from "next";
import { ApiKeysManager } from "@/components/api-keys/api-keys-manager";
import { NotAllowed } from "@/components/settings/not-allowed";
import { listApiKeys } from "@/lib/domain/keys/list-api-keys";
import { listMembers } from "@/lib/domain/members/list-members";
import { getPlanUsage } from "@/lib/domain/plans/get-plan-usage";
import { canManageWorkspace } from "@/lib/domain/access/roles";
import { settingsActor } from "../settings-actor";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor, workspace } = await settingsActor(slug, "/api-keys");
  const { members } = await listMembers(actor);
  if (!canManageWorkspace(actor.role)) {
    return (
      <NotAllowed
        title="API keys"
        what="create, see and revoke this workspace's API keys"
        role={actor.role}
        owners={members.filter((m) => m.role === "OWNER").map((m) => m.name ?? m.email)}
        backHref={`/w/${slug}`}
      />
    );
  }
  const [keys, [usage]] = await Promise.all([listApiKeys(actor), getPlanUsage(actor.db, workspace.plan, ["activeApiKeys"])]);
  const memberIds = new Set(members.map((m) => m.userId));
  return (
    <ApiKeysManager
      slug={slug}
      role={actor.role}
      plan={workspace.plan}
      used={usage!.used}
      limit={usage!.limit}
      keys={keys.map((key) => ({ ...key, creatorLeft: !memberIds.has(key.createdBy.id) }))}
    />
  );
}
