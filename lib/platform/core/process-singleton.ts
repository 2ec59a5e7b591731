/**
 * One `T` per process under `name`, kept on globalThis. Next bundles route handlers, pages and
 * actions separately, and the dev server evaluates a module again on every reload: state held in
 * a module's own variable (limiters, connection agents, mail transports, caches) was made anew each
 * time, so counts split between copies and every reload left the old copy's sockets and caches
 * behind, growing the dev server's memory for as long as it ran.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`workspace.${name}`);
  return (holder[key] ??= create());
}
