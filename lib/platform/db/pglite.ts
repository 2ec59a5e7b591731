import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { lockDataFolder, type FolderLock } from "./pglite-lock";
import { MEMORY_DATA_DIR } from "./target";

// One PGlite instance per data folder per process, opened on first use so `next build` and
// module imports never touch the folder. The instance is kept on globalThis because Next's dev
// server may evaluate this module more than once (HMR) in the one process that owns the lock.
interface Opened {
  pglite: Promise<PGlite>;
  lock: FolderLock | null;
}

const registry: Map<string, Opened> = ((globalThis as { __pgliteRegistry?: Map<string, Opened> })
  .__pgliteRegistry ??= new Map());

export function openPglite(dataDir: string): Promise<PGlite> {
  const existing = registry.get(dataDir);
  if (existing) return existing.pglite;

  const inMemory = dataDir.startsWith(MEMORY_DATA_DIR);
  let lock: FolderLock | null = null;
  if (!inMemory) {
    lock = lockDataFolder(dataDir); // throws DatabaseLockedError before anything is opened
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const pglite = (async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    return PGlite.create(inMemory ? undefined : dataDir);
  })();
  const opened: Opened = { pglite, lock };
  registry.set(dataDir, opened);
  pglite.catch(() => {
    registry.delete(dataDir);
    lock?.release();
  });
  return pglite;
}

export async function closePglite(dataDir: string): Promise<void> {
  const opened = registry.get(dataDir);
  if (!opened) return;
  registry.delete(dataDir);
  try {
    const pglite = await opened.pglite;
    await pglite.close();
  } finally {
    opened.lock?.release();
  }
}
