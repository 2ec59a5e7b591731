import { lazyLimiter } from "@/lib/domain/posts/visitor-limits";

// Each round trip stores a state and each callback verifies a token and may write a visitor: a
// person signs in a few times an hour; a script hammering either is stopped per client IP.
export const ssoRoundTripLimiter = lazyLimiter({ prefix: "sso-round-trips", limit: 30, windowMs: 10 * 60_000 });
