import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NotAllowed } from "@/components/settings/not-allowed";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { DomainError } from "@/lib/platform/core/errors";
import { canManageWorkspace } from "@/lib/domain/access/roles";
import { getWebhook } from "@/lib/domain/webhooks/get-webhook";
import { listWebhookDeliveries } from "@/lib/domain/webhooks/list-webhook-deliveries";
import { listDeliveriesQuery } from "@/lib/domain/webhooks/schemas";
import { settingsActor } from "../../settings-actor";

export const metadata: Metadata = { title: "Webhook deliveries" };

export default async function WebhookDeliveriesPage({ params, searchParams }: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug, id } = await params;
  const { actor } = await settingsActor(slug, `/webhooks/${id}`);
  if (!canManageWorkspace(actor.role)) {
    return <NotAllowed title="Webhook deliveries" what="see this workspace's webhook deliveries" role={actor.role} owners={[]} backHref={`/w/${slug}`} />;
  }
  const cursor = (await searchParams).cursor;
  // A bad cursor in the URL starts from the newest rather than failing the page.
  const query = listDeliveriesQuery.safeParse({ limit: "25", cursor: typeof cursor === "string" ? cursor : undefined });
  const loaded = await Promise.all([getWebhook(actor, id), listWebhookDeliveries(actor, id, query.success ? query.data : { limit: 25, cursor: undefined })]).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const [endpoint, page] = loaded;
  return <DeliveryLog slug={slug} endpoint={endpoint} deliveries={page.data} nextCursor={page.pagination.nextCursor} />;
}
