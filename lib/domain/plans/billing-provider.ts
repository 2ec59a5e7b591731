import type { Plan } from "@/lib/generated/prisma/enums";

// The shape a payment provider takes when an instance sells plans (Stripe Checkout, Paddle, …).
// Nothing implements it yet: plans change through operators (the operator page and
// `npm run plan:set`). A provider plugs in here and changes plans through changeWorkspacePlan
// with `{ kind: "billing", provider, eventId }`, so its changes are recorded and idempotent like
// every other.

/** What the owner is sent to: a hosted checkout for one workspace and one plan. */
export interface CheckoutRequest {
  workspaceId: string;
  workspaceSlug: string;
  plan: Plan;
  /** The owner's verified address, prefilled on the provider's page. */
  customerEmail: string;
  /** Absolute URLs of the workspace's settings page, for after paying and after cancelling. */
  successUrl: string;
  cancelUrl: string;
}

/** A verified webhook event reduced to what the plan needs; null from `parseWebhook` for events that change no plan. */
export interface BillingPlanEvent {
  /** The provider's event id: the idempotency key (PlanChange.eventId is unique). */
  eventId: string;
  /** From the metadata the checkout attached (`workspaceId`), never from anything the customer typed. */
  workspaceId: string;
  /** The plan the subscription's current state grants: PRO while active or past due within grace, FREE once ended. */
  plan: Plan;
}

export interface BillingProvider {
  /** Short name recorded as `billing:<name>` in the plan's history. */
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** A page where the owner manages payment details and cancels (the provider's customer portal). */
  createPortalSession(input: { workspaceId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Verifies the signature over the raw body (timestamp included, within tolerance) and reads the
   * event. Throws on a bad or stale signature; the route answers 400 and changes nothing.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<BillingPlanEvent | null>;
}
