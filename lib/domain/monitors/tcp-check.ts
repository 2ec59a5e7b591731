import net from "node:net";
import { systemResolver, type AddressRule, type Resolver } from "@/lib/domain/webhooks/address-policy";
import { checkedLookup } from "@/lib/domain/webhooks/send-request";
import { monitorAddressRule, refusedLiteral } from "./address-rule";
import { describeConnectionError, failed, passed, type CheckOutcome } from "./check-outcome";

/** Opens a TCP connection and closes it: up when it connects within the timeout, through the address rule. */
export async function runTcpCheck(spec: { host: string; port: number; timeoutMs: number; degradedAboveMs: number | null }, resolve: Resolver = systemResolver, rule: AddressRule = monitorAddressRule()): Promise<CheckOutcome> {
  if (!Number.isInteger(spec.port) || spec.port < 1 || spec.port > 65_535) return failed("The port must be between 1 and 65535.");
  const host = spec.host.replace(/^\[(.*)\]$/, "$1");
  const literal = await refusedLiteral(host, resolve, rule);
  if (literal) return failed(literal);
  const started = performance.now();
  return new Promise<CheckOutcome>((settle) => {
    const socket = net.connect({ host, port: spec.port, lookup: checkedLookup(resolve, rule) });
    const finish = (outcome: CheckOutcome) => {
      clearTimeout(timer);
      socket.destroy();
      settle(outcome);
    };
    const timer = setTimeout(() => finish(failed(`No connection within ${Math.round(spec.timeoutMs / 1000)} s.`, Math.round(performance.now() - started))), spec.timeoutMs);
    socket.once("connect", () => finish(passed(Math.round(performance.now() - started), spec.degradedAboveMs)));
    socket.once("error", (error: NodeJS.ErrnoException) => finish(failed(describeConnectionError(error), Math.round(performance.now() - started))));
  });
}
