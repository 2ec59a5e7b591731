import type { JobHandlers } from "./types";

// Every job the worker runs, by name: the one table. A name here is the queue's name and what
// enqueueJob(tx, name, data) takes; keep names explicit strings so they can be searched for.
export const JOB_HANDLERS: JobHandlers = {};
