import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// PGlite takes no lock of its own, and two processes writing one data folder corrupt it beyond
// repair. We hold an exclusive lock file beside the data for as long as the process has it open.
// The file names its owner (pid plus the kernel's start time of that pid, so a recycled pid is not
// mistaken for the owner); an owner that no longer runs, even one killed with SIGKILL, leaves a
// stale lock that the next opener removes.

export class DatabaseLockedError extends Error {
  readonly code = "DATABASE_LOCKED";
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The embedded database at ${dataDir} is already open in another process ` +
        `(pid ${owner.pid}, since ${owner.openedAt}). PGlite cannot share a data folder between ` +
        `processes: stop that process first, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DatabaseLockedError";
  }
}

interface LockOwner {
  pid: number;
  startTime: string | null;
  host: string;
  openedAt: string;
}

export interface FolderLock {
  release(): void;
}

function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime) follows the parenthesised command name, which may contain spaces.
    const afterName = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return afterName[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true; // cannot see it, so never steal it
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  const current = processStartTime(owner.pid);
  return owner.startTime === null || current === null || current === owner.startTime;
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    return JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockOwner;
  } catch {
    return null; // vanished or half-written: treated as stale below
  }
}

export function lockDataFolder(dataDir: string): FolderLock {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const lockPath = `${dataDir}.lock`;
  const me: LockOwner = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    host: os.hostname(),
    openedAt: new Date().toISOString(),
  };

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, JSON.stringify(me));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        const owner = readOwner(lockPath);
        if (owner?.pid === me.pid && owner.startTime === me.startTime) fs.rmSync(lockPath, { force: true });
      };
      process.on("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(lockPath);
    if (owner && isAlive(owner)) {
      if (owner.pid === process.pid && owner.startTime === me.startTime) {
        throw new Error(`This process already holds the embedded database at ${dataDir}.`);
      }
      throw new DatabaseLockedError(dataDir, owner);
    }
    // Stale: rename first so two openers racing over one stale lock cannot both delete and win.
    const claimed = `${lockPath}.stale-${process.pid}`;
    try {
      fs.renameSync(lockPath, claimed);
      const taken = readOwner(claimed);
      if (taken && owner && (taken.pid !== owner.pid || taken.openedAt !== owner.openedAt)) {
        // A racing opener replaced the stale lock with its live one between our read and rename.
        fs.linkSync(claimed, lockPath);
      }
      fs.rmSync(claimed, { force: true });
    } catch {
      // another opener claimed it first; loop and look again
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}; try again.`);
}
