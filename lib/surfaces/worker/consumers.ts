import { refreshCachesConsumer } from "@/lib/cache/refresh-on-event";
import { postNotificationConsumer } from "@/lib/notifications/post-notifications";
import { subscriberNotificationConsumer } from "@/lib/subscriptions/notify-subscribers";
import { webhookConsumer } from "@/lib/webhooks/consumer";
import type { EventConsumer } from "./types";

// Everything that acts on events. Each runs as its own job per event (lib/events/dispatch.ts), so
// adding one here is all it takes: every mutation that records an event reaches it.
export const EVENT_CONSUMERS: readonly EventConsumer[] = [refreshCachesConsumer, webhookConsumer, postNotificationConsumer, subscriberNotificationConsumer];
