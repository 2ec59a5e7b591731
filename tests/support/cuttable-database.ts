import net from "node:net";

// A database outage on demand, for tests that must see what the app does when PostgreSQL stops:
// a TCP relay in front of the real server. The app connects through it; `cut()` does what a
// stopped server does to its clients — open connections drop, new ones are refused — and
// `restore()` lets connections through again. Nothing is mocked: the driver, Prisma and the app's
// error handling meet a real refused connection.

export interface CuttableDatabase {
  /** `databaseUrl` with its host and port replaced by the relay's. */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableDatabase(databaseUrl: string): Promise<CuttableDatabase> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return {
    url: url.toString(),
    cut: stop,
    restore: async () => {
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
