import asyncHooks from "node:async_hooks";
import fs from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { isReactAsyncTracking, withoutReactAsyncTracking } from "@/lib/platform/server/react-async-tracking";

const holder = asyncHooks as { createHook: typeof asyncHooks.createHook; __reactTrackingOff?: true };
const originalCreateHook = holder.createHook;
afterEach(() => {
  holder.createHook = originalCreateHook;
  delete holder.__reactTrackingOff;
});

const RUNTIME = createRequire(import.meta.url).resolve("next/dist/compiled/next-server/app-page-turbo.runtime.dev.js");

/** Makes a hook with React's four callbacks from code whose frames name `filename`, and enables it. */
function hookMadeIn(filename: string, seen: string[]) {
  const make = vm.runInThisContext(
    `(asyncHooks, seen) => asyncHooks.createHook({
      init(id, type) { if (type === "PROMISE") seen.push(type); },
      before() {}, promiseResolve() {}, destroy() {},
    }).enable()`,
    { filename },
  ) as (hooks: typeof asyncHooks, seen: string[]) => asyncHooks.AsyncHook;
  return make(asyncHooks, seen);
}

describe("React's development async tracking", () => {
  it("is left off when Next's compiled runtime makes it, and any other hook still works", async () => {
    expect(withoutReactAsyncTracking({})).toBe(true);
    const fromReact: string[] = [];
    const fromElsewhere: string[] = [];
    const react = hookMadeIn(RUNTIME, fromReact);
    const other = hookMadeIn("/app/lib/tracing.js", fromElsewhere);
    await Promise.resolve().then(() => undefined);
    react.disable();
    other.disable();
    expect(fromReact).toEqual([]);
    expect(fromElsewhere.length).toBeGreaterThan(0);
  });

  it("stays on when DEV_REACT_ASYNC_DEBUG=true asks for it", () => {
    expect(withoutReactAsyncTracking({ DEV_REACT_ASYNC_DEBUG: "true" })).toBe(false);
    expect(holder.createHook).toBe(originalCreateHook);
  });

  // The matcher follows the runtime this version of Next ships: when an upgrade changes React's
  // hook, this fails and the switch above needs looking at again.
  it("recognises the hook in the runtime Next ships", () => {
    const source = fs.readFileSync(RUNTIME, "utf8");
    const call = /createHook\(\{init:function\(asyncId,type,triggerAsyncId,resource\)\{var trigger=pendingOperations\.get/.exec(source);
    expect(call).not.toBeNull();
    expect(source).toContain("destroy:function(asyncId){pendingOperations.delete(asyncId)}}).enable()");
    const callbacks = { init() {}, before() {}, promiseResolve() {}, destroy() {} };
    expect(isReactAsyncTracking(callbacks, `Error\n    at ${RUNTIME}:88:1`)).toBe(true);
    expect(isReactAsyncTracking({ ...callbacks, after() {} }, `Error\n    at ${RUNTIME}:88:1`)).toBe(false);
  });
});
