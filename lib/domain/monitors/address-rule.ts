import net from "node:net";
import { allowedAddresses, bareHostname, systemResolver, TargetRefused, type AddressRule, type Resolver } from "@/lib/domain/webhooks/address-policy";

// Monitors reach out to addresses an admin typed, as webhooks do, so they follow the same address
// rules (no private, loopback, link-local or metadata addresses), with a setting of their own: a
// self-hoster who watches internal services opens private ranges for monitors without opening them
// for webhooks. Checked when a monitor is saved and again for every connection a check makes.

/** `MONITOR_ALLOW_PRIVATE_NETWORKS=true` lets monitors reach private, loopback and link-local addresses. */
export function monitorAddressRule(): AddressRule {
  return { allowPrivate: process.env.MONITOR_ALLOW_PRIVATE_NETWORKS === "true", who: "monitors" };
}

/** Why a URL cannot be checked (its form), or null. */
export function monitorUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    const port = /^[a-z][a-z0-9+.-]*:\/\/[^/?#@]*:(\d+)(?:[/?#]|$)/i.exec(value)?.[1];
    if (port && Number(port) > 65_535) return "The port must be between 1 and 65535.";
    return "Enter a full URL starting with https:// or http://.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https:// or http://.";
  if (url.username || url.password) return "The URL must not contain a user name or password; send credentials in a header.";
  if (url.port && (Number(url.port) < 1 || Number(url.port) > 65_535)) return "The port must be between 1 and 65535.";
  return null;
}

/** The save-time check of a host: where it resolves now must be allowed. Null when it is. */
export async function monitorHostProblem(hostname: string, resolve: Resolver = systemResolver, rule: AddressRule = monitorAddressRule()): Promise<string | null> {
  try {
    await allowedAddresses(hostname, resolve, rule);
    return null;
  } catch (error) {
    if (error instanceof TargetRefused) return error.message;
    throw error;
  }
}

/** The save-time check of an HTTP monitor's URL: its form, then where it leads. */
export async function monitorUrlTargetProblem(value: string, resolve: Resolver = systemResolver): Promise<string | null> {
  return monitorUrlProblem(value) ?? (await monitorHostProblem(bareHostname(new URL(value)), resolve));
}

/** An IP literal never reaches a socket's lookup hook, so a check judges it itself before connecting. */
export async function refusedLiteral(hostname: string, resolve: Resolver, rule: AddressRule = monitorAddressRule()): Promise<string | null> {
  return net.isIP(hostname) ? monitorHostProblem(hostname, resolve, rule) : null;
}
