import type { Metadata } from "next";
import { NotAllowed } from "@/components/settings/not-allowed";
import { WebhooksManager } from "@/components/webhooks/webhooks-manager";
import { listMembers } from "@/lib/domain/members/list-members";
import { getPlanUsage } from "@/lib/domain/plans/get-plan-usage";
import { canManageWorkspace } from "@/lib/domain/access/roles";
import { webhookUrlHint } from "@/lib/domain/webhooks/address-policy";
import { listWebhooks } from "@/lib/domain/webhooks/list-webhooks";
import { settingsActor } from "../settings-actor";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor, workspace } = await settingsActor(slug, "/webhooks");
  if (!canManageWorkspace(actor.role)) {
    const { members } = await listMembers(actor);
    return (
      <NotAllowed
        title="Webhooks"
        what="add and manage this workspace's webhooks"
        role={actor.role}
        owners={members.filter((m) => m.role === "OWNER").map((m) => m.name ?? m.email)}
        backHref={`/w/${slug}`}
      />
    );
  }
  // A Pro workspace may have more than one page of endpoints; the settings show the first 100.
  const [{ data: webhooks }, [usage]] = await Promise.all([listWebhooks(actor, { limit: 100, cursor: undefined }), getPlanUsage(actor.db, workspace.plan, ["webhookEndpoints"])]);
  return (
    <WebhooksManager
      slug={slug}
      plan={workspace.plan}
      used={usage!.used}
      limit={usage!.limit}
      webhooks={webhooks}
      urlHint={webhookUrlHint()}
    />
  );
}
