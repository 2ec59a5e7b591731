import { Debug as clientDebug } from "@prisma/client/runtime/client";
import { Debug as adapterDebug } from "@prisma/driver-adapter-utils";

// Prisma's client and its PostgreSQL adapter each keep their last 100 debug messages, whether or
// not debugging is on, to put into a crash report; among them every statement's parameters, or
// text holding them. A bulk statement's parameters are megabytes (an import's batch of 10,000
// votes), so the last hundred statements of an import held over a hundred MiB live, and V8 let
// its heap grow to about three times its live size: most of an import's resident memory. Each
// history is pushed through by as many empty messages, under a name of our own that no Prisma
// debug setting turns on, after such a statement.

const KEPT = 100;
const NAME = "app:forget-query-arguments";
const histories = [clientDebug(NAME), adapterDebug(NAME)];

/** Lets go of the parameters of the last statements that Prisma's debug histories hold. */
export function forgetRecentQueryArguments(): void {
  if (clientDebug.enabled(NAME)) return;
  for (const history of histories) for (let n = 0; n < KEPT; n += 1) history("");
}
