import { z } from "zod";
import type { transactionSql, ScopedTx } from "@/lib/platform/db/scoped";
import { enqueueJob, type EnqueueOptions } from "./enqueue-job";
import type { JobContext, JobHandler, JobHandlers } from "./types";

// A job is defined once, beside the feature it belongs to: its name, the schema of its payload
// and its handler. Queuing goes through the definition, so a payload the handler could not read is
// refused while the change that asked for it can still roll back, instead of failing in the
// worker, retried, long after; and the worker checks the payload again before the handler sees it
// (a row written by hand, or by an older build, is not trusted either).

/** A payload that does not match its job's schema. */
export class JobPayloadError extends Error {
  constructor(
    readonly job: string,
    readonly issues: string,
  ) {
    super(`Job "${job}" refused: its payload does not match its schema: ${issues}`);
    this.name = "JobPayloadError";
  }
}

export interface JobDefinition<Payload> {
  readonly name: string;
  /** Jobs of this name one worker runs at once (1 when not given). */
  readonly concurrency?: number;
  /** The handler the worker runs: checks the payload, then hands it on. */
  readonly run: JobHandler;
  /** Queues one job inside `tx`, the transaction of the change; throws JobPayloadError first when `data` does not match. */
  queue(tx: ScopedTx | Parameters<typeof transactionSql>[0], data: Payload, options?: EnqueueOptions): Promise<string | null>;
}

function check<S extends z.ZodType>(name: string, schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new JobPayloadError(name, z.prettifyError(parsed.error).replace(/\s*\n\s*/g, "; "));
  return parsed.data;
}

export function defineJob<S extends z.ZodType>(spec: {
  name: string;
  payload: S;
  concurrency?: number;
  handle: (data: z.output<S>, job: JobContext) => Promise<unknown>;
}): JobDefinition<z.input<S>> {
  return {
    name: spec.name,
    concurrency: spec.concurrency,
    run: async (data: unknown, job: JobContext) => {
      await spec.handle(check(spec.name, spec.payload, data), job);
    },
    // What is stored is what the caller gave (plain JSON), once it is known to parse.
    queue: async (tx, data, options) => {
      check(spec.name, spec.payload, data);
      return enqueueJob(tx, spec.name, data as object, options);
    },
  };
}

/** The worker's handler table and concurrencies from a list of definitions; a name given twice is a mistake. */
export function jobTable(definitions: readonly JobDefinition<never>[]): { handlers: JobHandlers; concurrency: Record<string, number> } {
  const handlers: Record<string, JobHandler> = {};
  const concurrency: Record<string, number> = {};
  for (const definition of definitions) {
    if (handlers[definition.name]) throw new Error(`Job "${definition.name}" is defined twice.`);
    handlers[definition.name] = definition.run;
    if (definition.concurrency) concurrency[definition.name] = definition.concurrency;
  }
  return { handlers, concurrency };
}
