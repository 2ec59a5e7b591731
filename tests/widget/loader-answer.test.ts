import http from "node:http";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { transform } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWidgetLoader, WIDGET_LOADER_CACHE_CONTROL } from "@/lib/surfaces/front-door/widget-loader";

// The loader as the front door answers it (from the sources in development), and its size once
// minified as `npm run build` makes it: the limit customers' pages pay for on every view.
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (!serveWidgetLoader(request, response)) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("GET /widget.js", () => {
  it("JavaScript, gzipped when asked, long-cached with an ETag (304 on a match), loadable by any site", async () => {
    const response = await fetch(`${base}/widget.js?v=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe(WIDGET_LOADER_CACHE_CONTROL);
    expect(response.headers.get("x-widget-version")).toBe("1.0.0");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(await response.text()).toContain("Workspace widget loader 1.0.0");
    const again = await fetch(`${base}/widget.js`, { headers: { "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect((await fetch(`${base}/widget.jsx`)).status).toBe(404);
    expect((await fetch(`${base}/widget.js`, { method: "POST" })).status).toBe(404);
  });

  it("stays under 5 KiB gzipped once minified", async () => {
    const result = await transform(fs.readFileSync("widget/loader.js", "utf8"), { minify: true, target: "es2017", legalComments: "inline" });
    const gz = gzipSync(result.code, { level: 9 });
    expect(gz.length).toBeLessThanOrEqual(5 * 1024);
    expect(gunzipSync(gz).toString()).toMatch(/^\/\*! Workspace widget loader 1\.0\.0/);
  });
});
