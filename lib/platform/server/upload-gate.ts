import type { IncomingMessage, ServerResponse } from "node:http";

// At most so many request bodies being received at once, per client address and overall. A body
// sent a byte at a time holds a socket and a handler until the request deadline cuts it; without
// a cap, a few hundred of them from one address are a denial of service however short the deadline.
export type Admission = "admitted" | "client-busy" | "server-busy";

export function hasBody(request: IncomingMessage): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

export function createUploadGate(limits: { uploadsPerClient: number; uploadsOverall: number }) {
  const perClient = new Map<string, number>();
  let overall = 0;
  return {
    /** Counts the request's body in until it has been read or the exchange ends; anything without a body is admitted as is. */
    admit(request: IncomingMessage, response: ServerResponse, client: string): Admission {
      if (!hasBody(request)) return "admitted";
      const mine = perClient.get(client) ?? 0;
      if (mine >= limits.uploadsPerClient) return "client-busy";
      if (overall >= limits.uploadsOverall) return "server-busy";
      perClient.set(client, mine + 1);
      overall++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        overall--;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      };
      request.once("end", release);
      response.once("close", release);
      return "admitted";
    },
    inFlight: () => overall,
  };
}
