import { refreshCachesConsumer } from "@/lib/platform/cache/refresh-on-event";
import { postNotificationConsumer } from "@/lib/domain/notifications/post-notifications";
import { subscriberNotificationConsumer } from "@/lib/domain/subscriptions/notify-subscribers";
import { webhookConsumer } from "@/lib/domain/webhooks/consumer";
import type { EventConsumer } from "@/lib/platform/events/types";

// Everything that acts on events. Each runs as its own job per event (lib/platform/events/dispatch.ts), so
// adding one here is all it takes: every mutation that records an event reaches it.
export const EVENT_CONSUMERS: readonly EventConsumer[] = [refreshCachesConsumer, webhookConsumer, postNotificationConsumer, subscriberNotificationConsumer];
