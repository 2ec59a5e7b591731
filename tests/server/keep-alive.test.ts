import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverLimits } from "@/lib/platform/server/config";
import { createFrontDoor } from "@/lib/surfaces/front-door/front-door";

// With Node's own 5 s, a client that came back to an idle connection at the moment the server
// closed it had its request reset (ECONNRESET) instead of answered; a proxy's upstream pool hits
// the same race. The front door keeps idle connections longer than the proxies in front of it.

let server: http.Server;
let base = "";
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  server = createFrontDoor(async (_request, response) => void response.end("ok"), serverLimits({}));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  agent.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function get(path: string) {
  return new Promise<{ status: number; keepAlive: string; reused: boolean }>((resolve, reject) => {
    const request = http.get(`${base}${path}`, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode!, keepAlive: String(response.headers["keep-alive"]), reused: request.reusedSocket }));
    });
    request.on("error", reject);
  });
}

describe("kept-alive connections", () => {
  it("stay open 65 s by default, say so, and answer a request that comes after Node's 5 s on the same connection", async () => {
    const first = await get("/sign-in");
    expect(first).toMatchObject({ status: 200, keepAlive: "timeout=65", reused: false });
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(await get("/sign-in")).toMatchObject({ status: 200, reused: true });
  });

  it("is a setting", () => {
    expect(serverLimits({ KEEP_ALIVE_TIMEOUT_SECONDS: "120" }).keepAliveTimeoutMs).toBe(120_000);
    expect(serverLimits({ KEEP_ALIVE_TIMEOUT_SECONDS: "0" }).keepAliveTimeoutMs).toBe(65_000);
  });
});
