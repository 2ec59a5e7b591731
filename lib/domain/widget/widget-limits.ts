import { lazyLimiter } from "@/lib/domain/posts/visitor-limits";

// Ideas from the widget count against the portal's per-account budget (submitVisitorPost) and,
// since a widget sits on busy pages where many accounts may share one network, also against a
// per-address budget per workspace: one script minting accounts cannot flood the inbox either.
export const WIDGET_IDEAS_PER_IP = { limit: 30, windowMs: 60 * 60_000 } as const;
// Suggestions while a signed-out visitor types: counted per address instead of per account.
export const WIDGET_LOOKUPS_PER_IP = { limit: 120, windowMs: 60_000 } as const;

export const widgetIdeaIpLimiter = lazyLimiter({ prefix: "widget-ideas-ip", ...WIDGET_IDEAS_PER_IP });
export const widgetLookupIpLimiter = lazyLimiter({ prefix: "widget-lookups-ip", ...WIDGET_LOOKUPS_PER_IP });
