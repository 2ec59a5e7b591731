import asyncHooks, { type AsyncHook, type HookCallbacks } from "node:async_hooks";

// In development, React's server renderer follows every asynchronous operation of the whole
// process through an async hook, to show where a component waited: each promise, timer and socket
// gets a node linked to the ones before it, with a captured stack. A node is let go only when its
// promise is collected, and a live one keeps every node before it, so the process's endless loops
// (Next's own hot-reload subscriptions, one per compiled chunk, the job worker's polling) keep a
// chain that only grows: in `npm run dev` that was ~1 million nodes after 8 minutes and most of the
// heap's growth, plus a stack captured on every timer and socket. React's fix is not in the
// version the app uses; until it is, the development server does without that one feature. The
// rest of React's development help (errors, owner stacks, the overlay) is unchanged.
// DEV_REACT_ASYNC_DEBUG=true keeps it, for a session that needs the awaited-I/O timings.

/** The one hook React's server renderer makes: these callbacks, from Next's compiled runtime. */
export function isReactAsyncTracking(callbacks: HookCallbacks, callerStack: string): boolean {
  const names = Object.keys(callbacks).sort().join(",");
  return names === "before,destroy,init,promiseResolve" && /[\\/]next[\\/]dist[\\/]compiled[\\/]/.test(callerStack);
}

/** A hook that is never enabled: what React gets instead of its own. */
function inertHook(): AsyncHook {
  const hook: AsyncHook = { enable: () => hook, disable: () => hook };
  return hook;
}

/**
 * Leaves React's development async tracking off in this process (see above). Returns whether it
 * did; called once, before Next loads its runtime.
 */
export function withoutReactAsyncTracking(env: Record<string, string | undefined> = process.env): boolean {
  if (env.DEV_REACT_ASYNC_DEBUG === "true") return false;
  const holder = asyncHooks as { createHook: typeof asyncHooks.createHook; __reactTrackingOff?: true };
  if (holder.__reactTrackingOff) return true;
  const createHook = holder.createHook;
  holder.createHook = function (callbacks: HookCallbacks) {
    if (isReactAsyncTracking(callbacks, new Error().stack ?? "")) return inertHook();
    return createHook.call(this, callbacks);
  };
  holder.__reactTrackingOff = true;
  return true;
}
