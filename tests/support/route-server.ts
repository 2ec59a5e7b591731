import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { RouteHandler } from "@/lib/surfaces/api/define-route";
import { assertMatchesDocument } from "./openapi-validator";

// The route handlers served over real HTTP by node:http, for clients that speak HTTP themselves
// (the MCP SDK's client): each request becomes the web Request Next would build, each answer is
// checked against the OpenAPI document like the answers of `call`, and problems are collected
// for the test to assert on.

export type ServedRoutes = Record<string, Record<string, unknown>>;

export interface RouteServer {
  url: string;
  /** Answers that did not match the OpenAPI document, or handlers that threw. */
  problems: string[];
  close(): Promise<void>;
}

function matcherOf(template: string) {
  const names: string[] = [];
  const pattern = template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  const regex = new RegExp(`^${pattern}$`);
  return (pathname: string) => {
    const match = regex.exec(pathname);
    return match ? Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)])) : null;
  };
}

/** Serves `routes` (full paths such as `/api/v1/posts/{id}` → a route module) on 127.0.0.1. */
export async function serveRoutes(routes: ServedRoutes): Promise<RouteServer> {
  const table = Object.entries(routes).map(([template, module]) => ({ match: matcherOf(template), module }));
  const problems: string[] = [];
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const found = table.map(({ match, module }) => ({ params: match(url.pathname), module })).find(({ params }) => params);
      const handler = found?.module[req.method ?? "GET"] as RouteHandler | undefined;
      if (!found || !handler) {
        res.writeHead(404).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(url, {
        method: req.method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        duplex: "half",
      } as RequestInit);
      const response = await handler(request, { params: Promise.resolve(found.params!) });
      const text = await response.text();
      try {
        assertMatchesDocument(handler, { method: req.method ?? "GET", status: response.status, headers: response.headers, text });
      } catch (error) {
        problems.push(String(error));
      }
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(text);
    } catch (error) {
      problems.push(`threw: ${String(error)}`);
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    problems,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
