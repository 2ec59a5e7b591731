"use server";

import { DomainError } from "@/lib/platform/core/errors";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import type { SubscriptionTopic } from "@/lib/generated/prisma/enums";
import { removeSubscriber } from "@/lib/domain/subscriptions/list-subscribers";

// The status page's and the changelog's subscriber lists share one page and one remove button; the
// topic decides which list, and so which page is stale afterwards.
const LIST_PATH: Record<SubscriptionTopic, string> = { STATUS: "status", CHANGELOG: "changelog" };

/** The remove button's form action: a signed-out caller changes nothing; an address already gone is no error. */
async function removeSubscriberFor(topic: SubscriptionTopic, slug: string, formData: FormData): Promise<void> {
  await serverAction(
    { context: "removeSubscriberAction", caller: { workspace: slug }, refusals: "throw", signedOut: undefined, stale: { pages: [`/w/${slug}/${LIST_PATH[topic]}/subscribers`] } },
    async (actor) => {
      await removeSubscriber(actor, topic, String(formData.get("id") ?? "")).catch((error: unknown) => {
        if (!(error instanceof DomainError && error.code === "NOT_FOUND")) throw error;
      });
    },
  );
}

export async function removeStatusSubscriberAction(slug: string, formData: FormData): Promise<void> {
  await removeSubscriberFor("STATUS", String(slug), formData);
}

export async function removeChangelogSubscriberAction(slug: string, formData: FormData): Promise<void> {
  await removeSubscriberFor("CHANGELOG", String(slug), formData);
}
