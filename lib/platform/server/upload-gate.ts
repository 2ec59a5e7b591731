import type { IncomingMessage, ServerResponse } from "node:http";
import { clientNetwork } from "@/lib/platform/server/client-ip";

// At most so many request bodies being received at once, per client network and overall. A body
// sent a byte at a time holds a socket and a handler until the request deadline cuts it; without
// a cap, a few hundred of them from one address are a denial of service however short the deadline.
//
// Clients are counted by network (an IPv4 /24, an IPv6 /64, as the rate limits count them), since
// one party holds a whole network as easily as one address. The overall cap is shared fairly: when
// it is full, a network with fewer bodies in flight than the busiest one takes a place from it (the
// busiest network's oldest body is cut off), so slow senders only ever use up their own share and
// everyone else's requests are still received. Only when every network in flight holds as many as
// the newcomer would is the newcomer refused.
export type Admission = "admitted" | "client-busy" | "server-busy";

export function hasBody(request: IncomingMessage): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

interface Upload {
  /** Ends the upload early: its connection is closed and its place freed. */
  cut(): void;
}

export function createUploadGate(limits: { uploadsPerClient: number; uploadsOverall: number }) {
  /** Bodies in flight per network, oldest first. */
  const perNetwork = new Map<string, Upload[]>();
  let overall = 0;

  /** The network holding the most bodies in flight (the first found on a tie), and how many. */
  function busiest(): { network: string; held: number } | null {
    let top: { network: string; held: number } | null = null;
    for (const [network, uploads] of perNetwork) if (!top || uploads.length > top.held) top = { network, held: uploads.length };
    return top;
  }

  return {
    /** Counts the request's body in until it has been read or the exchange ends; anything without a body is admitted as is. */
    admit(request: IncomingMessage, response: ServerResponse, client: string): Admission {
      if (!hasBody(request)) return "admitted";
      const network = clientNetwork(client);
      const mine = perNetwork.get(network)?.length ?? 0;
      if (mine >= limits.uploadsPerClient) return "client-busy";
      if (overall >= limits.uploadsOverall) {
        const top = busiest();
        // Taking a place from a network that would then hold no fewer than this one is no fairer.
        if (!top || top.held <= mine + 1) return "server-busy";
        perNetwork.get(top.network)![0]!.cut();
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        overall--;
        const left = (perNetwork.get(network) ?? []).filter((held) => held !== upload);
        if (left.length > 0) perNetwork.set(network, left);
        else perNetwork.delete(network);
      };
      const upload: Upload = {
        cut: () => {
          release();
          request.socket.destroy();
        },
      };
      perNetwork.set(network, [...(perNetwork.get(network) ?? []), upload]);
      overall++;
      request.once("end", release);
      response.once("close", release);
      return "admitted";
    },
    inFlight: () => overall,
  };
}
