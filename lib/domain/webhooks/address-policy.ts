import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

// Where webhooks may go. A webhook makes this server send a request to an address a workspace
// admin chose, so without these rules it would reach what only the server can reach: its own
// loopback, the private network behind it, a cloud's metadata service. Checked when an endpoint
// is saved (a field error says why) and again for every connection (the request connects to
// the address this check passed, so a name that resolves elsewhere the second time — DNS
// rebinding — cannot slip through).

// IPv4: only ordinary unicast, as ipaddr.js classifies ranges (private, loopback, link-local,
// carrier-grade NAT, the reserved, documentation and benchmarking ranges, multicast and the rest
// are each a named range of their own), and none of these, which it counts as unicast.
const BLOCKED_IPV4 = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  BLOCKED_IPV4.addSubnet(network, prefix, "ipv4");
}

// IPv6: only global unicast (2000::/3) that ipaddr.js counts as plain unicast. That leaves out
// everything that is not a public host of its own: loopback, unspecified, unique-local,
// link-local, the deprecated site-local fec0::/10, multicast, discard, documentation, and every
// transition form that carries or reaches an IPv4 address — IPv4-compatible ::a.b.c.d, SIIT
// ::ffff:0:a.b.c.d, local-use NAT64 64:ff9b:1::/48, 6to4 2002::/16 (its relay reaches the IPv4
// address inside), Teredo 2001::/32 — since the network in between decides where they lead.
// Two forms name one IPv4 host outright and are judged by it: IPv4-mapped ::ffff:a.b.c.d (what
// the system itself uses for IPv4 on an IPv6 socket) and the well-known NAT64 prefix
// 64:ff9b::/96 (how an IPv6-only network reaches public IPv4 hosts).
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR("64:ff9b::/96");

/** The IPv4 address an IPv4-mapped or well-known-prefix NAT64 address reaches, or null. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.match(WELL_KNOWN_NAT64)) return ipaddr.fromByteArray(address.toByteArray().slice(12)) as ipaddr.IPv4;
  return null;
}

function publicAddress(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === "ipv4") return address.range() === "unicast" && !BLOCKED_IPV4.check(address.toString(), "ipv4");
  const inner = embeddedIpv4(address as ipaddr.IPv6);
  if (inner) return publicAddress(inner);
  return address.match(GLOBAL_UNICAST) && address.range() === "unicast";
}

/** Why a webhook may not go to this IP address, or null when it may. */
export function forbiddenAddressReason(address: string): string | null {
  const bare = address.replace(/%.*$/, "");
  if (net.isIP(bare) === 0 || !ipaddr.isValid(bare)) return "is not an IP address";
  if (publicAddress(ipaddr.parse(bare))) return null;
  return `${address} is a private, loopback, link-local, reserved or transition address`;
}

/**
 * Whether http and private, loopback and link-local addresses are allowed. `true` or `false` in
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS decides; unset, only `next dev` allows them, so that a receiver on
 * the developer's own machine can be tried at once. A production build (and the test runner) keeps
 * the public-only rule unless the operator turns it off by name.
 */
export function privateNetworksAllowed(): boolean {
  const setting = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  if (setting === "true") return true;
  if (setting === "false") return false;
  return process.env.NODE_ENV === "development";
}

/** What the webhook form says beside the URL field: which addresses this server accepts. */
export function webhookUrlHint(): string {
  return privateNetworksAllowed()
    ? "https or http; local and private addresses such as http://127.0.0.1:4000/hooks are allowed here (development, or WEBHOOK_ALLOW_PRIVATE_NETWORKS=true). A production server accepts only https on a public address."
    : "https, on a public address.";
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The hostname of a URL without IPv6 brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * Whose rule an address is judged by: webhooks and monitors each have their own setting for
 * private networks, and each refusal names who it applies to.
 */
export interface AddressRule {
  allowPrivate: boolean;
  /** Plural, as the refusal says it: "webhooks go only to public addresses". */
  who: string;
  /** Addresses taken as public all the same (a test's own local target, standing for a public site). */
  treatAsPublic?: readonly string[];
}

export function webhookAddressRule(): AddressRule {
  return { allowPrivate: privateNetworksAllowed(), who: "webhooks" };
}

export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TargetRefused";
  }
}

/**
 * The addresses a request to `hostname` may connect to: every address it resolves to must be
 * allowed (a name that mixes public and private answers is refused whole). Throws TargetRefused.
 */
export async function allowedAddresses(hostname: string, resolve: Resolver = systemResolver, rule: AddressRule = webhookAddressRule()): Promise<ResolvedAddress[]> {
  if (net.isIP(hostname)) {
    const reason = rule.allowPrivate || rule.treatAsPublic?.includes(hostname) ? null : forbiddenAddressReason(hostname);
    if (reason) throw new TargetRefused(`The address ${reason}; ${rule.who} go only to public addresses.`);
    return [{ address: hostname, family: net.isIP(hostname) }];
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch {
    throw new TargetRefused(`The host name ${hostname} could not be resolved.`);
  }
  if (addresses.length === 0) throw new TargetRefused(`The host name ${hostname} could not be resolved.`);
  if (!rule.allowPrivate) {
    for (const { address } of addresses) {
      const reason = rule.treatAsPublic?.includes(address) ? null : forbiddenAddressReason(address);
      if (reason) throw new TargetRefused(`${hostname} resolves to ${reason}; ${rule.who} go only to public addresses.`);
    }
  }
  return addresses;
}

/** Why a URL cannot be a webhook endpoint's (its form, not where it leads), or null. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full URL starting with https://.";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && privateNetworksAllowed())) {
    return "The URL must start with https://.";
  }
  if (url.username || url.password) return "The URL must not contain a user name or password.";
  if (url.hash) return "The URL must not contain a #fragment.";
  return null;
}

/** The save-time check: the URL's form, then where its host resolves now. Null when allowed. */
export async function webhookTargetProblem(value: string, resolve: Resolver = systemResolver): Promise<string | null> {
  const problem = webhookUrlProblem(value);
  if (problem) return problem;
  try {
    await allowedAddresses(bareHostname(new URL(value)), resolve);
    return null;
  } catch (error) {
    if (error instanceof TargetRefused) return error.message;
    throw error;
  }
}
