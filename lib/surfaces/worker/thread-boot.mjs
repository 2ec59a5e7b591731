// The job worker thread's first module (lib/surfaces/worker/worker-thread.ts starts it). A worker thread does
// not inherit the loader the server was started with (`node --import tsx`), so it registers tsx
// itself before loading its TypeScript entry. Source maps stay off, as the server keeps them
// (server.ts): tsx turns them on, and Node would then read and keep every loaded bundle's map.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
if (process.env.SERVER_SOURCE_MAPS !== "true") process.setSourceMapsEnabled(false);
await import(workerData.entry);
