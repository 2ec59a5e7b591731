import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { adminQuery, copyTemplate } from "./test-database";

// Copying the template and dropping a file's database each take from half a second to two on a
// loaded machine, mostly PostgreSQL waiting on the disk. Done in the test process, that wait held
// the process's place for every file, before its first test and after its last. This pool, run by
// the global setup in Vitest's main process, keeps a few fresh copies ready and drops the used ones
// behind the run, so a test process only asks for a name and hands it back. Each copy is still a
// fresh copy of the migrated template, used by one file only and dropped once that file is done.

/** How many fresh copies wait ready: one per test process, and one more. */
const READY = 3;

export interface DatabasePool {
  /** Where the test processes ask for a database (GET /claim) and hand it back (POST /release?name=). */
  url: string;
  /** Stops handing out databases, drops the ready and the handed-back ones, and closes. */
  close(): Promise<void>;
}

export async function startDatabasePool(serverUrl: string): Promise<DatabasePool> {
  const newCopy = () => copyTemplate(serverUrl, `wsp_test_${randomBytes(5).toString("hex")}`);
  const ready: string[] = [];
  const handedOut = new Set<string>();
  const toDrop: string[] = [];
  let closing = false;
  let creating: Promise<void> | undefined;
  let dropping: Promise<void> | undefined;

  /** Fills the ready list, one copy at a time (the template is copied by one statement at a time). */
  function refill(): Promise<void> {
    creating ??= (async () => {
      try {
        while (!closing && ready.length < READY) ready.push(await newCopy());
      } finally {
        creating = undefined;
      }
    })();
    return creating;
  }

  /** Drops the handed-back databases one after another, behind the run. */
  function drain(): Promise<void> {
    dropping ??= (async () => {
      try {
        for (let name = toDrop.shift(); name; name = toDrop.shift()) {
          await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((error: unknown) => {
            console.error(`The test database pool could not drop ${name}: ${String(error)}`);
          });
        }
      } finally {
        dropping = undefined;
      }
    })();
    return dropping;
  }

  async function claim(): Promise<string> {
    let name = ready.shift();
    // None ready (the run's first files, or files ending faster than copies are made): this one
    // waits for a copy of its own, as it did without the pool.
    name ??= await newCopy();
    handedOut.add(name);
    void refill().catch(() => undefined);
    return name;
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://pool");
    const answer = (status: number, body: string) => response.writeHead(status, { "content-type": "text/plain" }).end(body);
    if (request.method === "GET" && url.pathname === "/claim" && !closing) {
      claim().then((name) => answer(200, name), (error: unknown) => answer(500, String(error)));
    } else if (request.method === "POST" && url.pathname === "/release") {
      const name = url.searchParams.get("name") ?? "";
      // Only a name this pool handed out is dropped.
      if (!handedOut.delete(name)) return answer(404, "not handed out here");
      toDrop.push(name);
      void drain().catch(() => undefined);
      answer(204, "");
    } else {
      answer(404, "no such thing");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  await refill();

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      closing = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await creating?.catch(() => undefined);
      // What is left: the ready copies, the handed-back ones not dropped yet, and any a test
      // process never handed back (it crashed or was stopped).
      toDrop.push(...ready.splice(0), ...handedOut);
      handedOut.clear();
      await dropping?.catch(() => undefined);
      await drain();
    },
  };
}
