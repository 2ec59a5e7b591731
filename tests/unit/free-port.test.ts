import fs from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { freeListeningPort, freeListeningPortSync } from "@/scripts/lib/free-port.mjs";

// A stand-in server that starts minutes after its port was chosen must not find the port taken by
// an outgoing connection's local end: the port comes from below the kernel's range for those.
const floor = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);

describe("freeListeningPort", () => {
  it("gives ports below the range outgoing connections take, each one free to listen on", async () => {
    const ports = [await freeListeningPort(), await freeListeningPort(), freeListeningPortSync()];
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(port).toBeLessThan(floor);
      const server = net.createServer();
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
