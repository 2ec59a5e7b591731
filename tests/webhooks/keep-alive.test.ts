import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sendWebhookRequest } from "@/lib/domain/webhooks/send-request";

// Deliveries keep connections alive per origin. A receiver may close an idle one just as the next
// delivery goes out on it; that reset is not an answer from the receiver.

let server: net.Server;
let connections = 0;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  server = net.createServer((socket) => {
    const connection = ++connections;
    sockets.add(socket);
    let requests = 0;
    socket.on("data", (chunk) => {
      requests += chunk.toString("latin1").split("POST ").length - 1;
      // The first connection's second request finds it reset, as a receiver's keep-alive timeout would.
      if (connection === 1 && requests >= 2) return socket.resetAndDestroy();
      socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

it("a kept connection reset as the next delivery goes out: that delivery is sent again on a new connection, once", async () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  expect(await sendWebhookRequest(url, "{}", {})).toMatchObject({ ok: true, statusCode: 200 });
  expect(await sendWebhookRequest(url, "{}", {})).toMatchObject({ ok: true, statusCode: 200, error: null });
  expect(connections).toBe(2);
});
