import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_NAMESPACES, cacheKey, getCachedValue, invalidateNamespaces, namespaceOf, putCachedValue } from "@/lib/platform/cache/namespaces";
import { clearPublicCache, getCached, invalidateWorkspace, putCached } from "@/lib/platform/cache/response-cache";

const answer = (body: string) => ({ status: 200, body, contentType: "application/json", etag: 'W/"x"', headers: {}, expiresAt: Date.now() + 60_000, validUntil: null });

describe("the cache namespace table", () => {
  it("builds one key per namespace, workspace and normalised input", () => {
    expect(cacheKey("public-answer", "acme", { b: 1, a: 2, unread: undefined })).toBe(cacheKey("public-answer", "acme", { a: 2, b: 1 }));
    const keys = CACHE_NAMESPACES.map((namespace) => cacheKey(namespace, "acme", { same: "input" }));
    expect(new Set(keys).size).toBe(CACHE_NAMESPACES.length);
    expect(cacheKey("public-answer", "acme", {})).not.toBe(cacheKey("public-answer", "acme2", {}));
    for (const namespace of CACHE_NAMESPACES) expect(namespaceOf(cacheKey(namespace, "acme", { x: 1 }))).toBe(namespace);
  });

  it("keeps JSON values typed by their namespace, null included", () => {
    clearPublicCache();
    expect(getCachedValue("portal-languages", "acme")).toBeUndefined();
    putCachedValue("portal-languages", "acme", {}, null, Date.now() + 60_000);
    expect(getCachedValue("portal-languages", "acme")).toEqual({ value: null });
    putCachedValue("portal-languages", "acme", {}, { defaultLocale: "de", locales: ["de", "en"] }, Date.now() + 60_000);
    expect(getCachedValue("portal-languages", "acme")?.value).toEqual({ defaultLocale: "de", locales: ["de", "en"] });
  });

  it("drops one namespace of one workspace, or every namespace of it, and never another workspace's", () => {
    clearPublicCache();
    const page = cacheKey("portal-page", "acme", ["en"]);
    const json = cacheKey("public-answer", "acme", { route: "boards" });
    const theirs = cacheKey("portal-page", "other", ["en"]);
    for (const key of [page, json, theirs]) putCached(key, answer(key));
    putCachedValue("portal-languages", "acme", {}, null, Date.now() + 60_000);

    invalidateNamespaces(["portal-languages"], "acme");
    expect(getCachedValue("portal-languages", "acme")).toBeUndefined();
    expect(getCached(page)).toBeDefined();
    expect(getCached(json)).toBeDefined();

    invalidateWorkspace("acme");
    expect(getCached(page)).toBeUndefined();
    expect(getCached(json)).toBeUndefined();
    expect(getCached(theirs)).toBeDefined();
  });

  it("is the only place a cache key is built: no other file that reads or writes the cache writes the key separator", () => {
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === "generated" ? [] : walk(full);
        return /\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const own = [path.join("lib", "platform", "cache", "namespaces.ts"), path.join("lib", "platform", "cache", "response-cache.ts")];
    const users = ["lib", "app"].flatMap(walk).filter((file) => !own.includes(file) && /\b(getCached|putCached)\(/.test(fs.readFileSync(file, "utf8")));
    expect(users.length).toBeGreaterThan(2);
    expect(users.filter((file) => fs.readFileSync(file, "utf8").includes("\\u0000"))).toEqual([]);
  });
});
