import dns from "node:dns";
import net from "node:net";

// Where webhooks may go. A webhook makes this server send a request to an address a workspace
// admin chose, so without these rules it would reach what only the server can reach: its own
// loopback, the private network behind it, a cloud's metadata service. Checked when an endpoint
// is saved (a field error says why) and again for every connection (the request connects to
// the address this check passed, so a name that resolves elsewhere the second time — DNS
// rebinding — cannot slip through).

const BLOCKED = new net.BlockList();
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
  BLOCKED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (AWS metadata fd00:ec2::254 too)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address, which reaches that IPv4 host. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(lower);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Why a webhook may not go to this IP address, or null when it may. */
export function forbiddenAddressReason(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return "is not an IP address";
  const inner = family === 6 ? embeddedIpv4(address) : null;
  if (inner) return forbiddenAddressReason(inner);
  if (BLOCKED.check(address, family === 4 ? "ipv4" : "ipv6")) {
    return `${address} is a private, loopback, link-local or reserved address`;
  }
  return null;
}

/** Development and tests: http and local addresses allowed (never set in production). */
export function privateNetworksAllowed(): boolean {
  return process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS === "true";
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
export async function allowedAddresses(hostname: string, resolve: Resolver = systemResolver): Promise<ResolvedAddress[]> {
  if (net.isIP(hostname)) {
    const reason = privateNetworksAllowed() ? null : forbiddenAddressReason(hostname);
    if (reason) throw new TargetRefused(`The address ${reason}; webhooks go only to public addresses.`);
    return [{ address: hostname, family: net.isIP(hostname) }];
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch {
    throw new TargetRefused(`The host name ${hostname} could not be resolved.`);
  }
  if (addresses.length === 0) throw new TargetRefused(`The host name ${hostname} could not be resolved.`);
  if (!privateNetworksAllowed()) {
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason) throw new TargetRefused(`${hostname} resolves to ${reason}; webhooks go only to public addresses.`);
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
