// The reference deployment of docs/deploy/nginx.conf, run for the benchmark in front of the
// product server: the very file docs/self-hosting.md documents, with only its addresses and paths changed,
// inside a throwaway prefix. Debian's `nginx` package (not installed by `npm ci`); without it the
// proxied scenarios are skipped with a note, never failed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const REFERENCE = "docs/deploy/nginx.conf";

export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync("which", ["nginx"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : null;
}

function replaceOnce(text: string, from: RegExp, to: string): string {
  if (!from.test(text)) throw new Error(`${REFERENCE} no longer has ${from}; update scripts/bench/nginx.ts.`);
  return text.replace(from, to);
}

/** The prefix directory and the command line that runs nginx in the foreground from it. */
export function nginxCommand(binary: string, root: string, listenPort: number, appPort: number): { prefix: string; command: string[] } {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  let site = fs.readFileSync(path.join(root, REFERENCE), "utf8");
  site = replaceOnce(site, /server 127\.0\.0\.1:3000;/, `server 127.0.0.1:${appPort};`);
  site = replaceOnce(site, /proxy_cache_path \/var\/cache\/nginx\/app /, `proxy_cache_path ${prefix}/cache `);
  site = replaceOnce(site, /listen 80;/, `listen 127.0.0.1:${listenPort};`);
  fs.writeFileSync(path.join(prefix, "site.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${name}_temp_path ${prefix}/${name};`).join("\n");
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    [
      // As root, nginx's workers would otherwise drop to `nobody` and could not write the cache here.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      "worker_processes auto;",
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      "events { worker_connections 4096; }",
      "http {",
      "  access_log off;",
      // Not the deployment's business but the load generator's: 32 connections sending thousands
      // of requests each. nginx's default closes a connection after 1,000, and a request racing
      // that close counted as an error (1 in ~130,000).
      "  keepalive_requests 1000000;",
      temp,
      `  include ${prefix}/site.conf;`,
      "}",
      "",
    ].join("\n"),
  );
  return { prefix, command: [binary, "-p", prefix, "-c", `${prefix}/nginx.conf`, "-g", "daemon off;"] };
}
