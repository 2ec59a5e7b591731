import { Prisma } from "@/lib/generated/prisma/client";
import { isClientAbort } from "@/lib/platform/http/client-abort";

// Prisma reports constraint failures by code; these name the ones the domain reacts to.
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export function isRecordNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && (error.code === "P2025" || error.code === "P2001");
}

export function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003";
}

// Driver-adapter failure kinds that mean "the database cannot be reached right now", not "the
// query was wrong": answered 503 with Retry-After rather than 500.
const UNAVAILABLE_KINDS = new Set([
  "DatabaseNotReachable", "DatabaseDoesNotExist", "DatabaseAccessDenied", "AuthenticationFailed",
  "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TlsConnectionError",
]);
// PostgreSQL SQLSTATEs of the same nature: admin shutdown, cannot connect now, too many connections,
// and a statement cancelled by statement_timeout (57014: it waited on a lock or ran too long, which
// a retry a moment later can get past; lib/platform/db/client.ts poolTimeouts).
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08006", "57014"]);

function adapterCause(error: Prisma.PrismaClientKnownRequestError): { kind?: string; code?: string } | undefined {
  const meta = error.meta as { driverAdapterError?: { cause?: { kind?: string; originalCode?: string; code?: string } } } | undefined;
  const cause = meta?.driverAdapterError?.cause;
  return cause ? { kind: cause.kind, code: cause.originalCode ?? cause.code } : undefined;
}

// What pg itself throws when a connection goes away or cannot be had in time: no SQLSTATE, no
// code, and Prisma's adapter passes it through unchanged. A stopped server drops the pool's open
// connections, and the first statements after that fail this way before new connections are refused.
const CONNECTION_LOST = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** The database (or the connection to it) is unavailable, rather than the query being wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isClientAbort(error)) return false;
  if (error instanceof Error && error.constructor === Error && CONNECTION_LOST.test(error.message)) return true;
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (["P1001", "P1002", "P1008", "P1017", "P2024"].includes(error.code)) return true;
    const cause = adapterCause(error);
    return Boolean(cause && (UNAVAILABLE_KINDS.has(cause.kind ?? "") || UNAVAILABLE_SQLSTATES.has(cause.code ?? "")));
  }
  const code = (error as { code?: string } | null)?.code;
  return ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "DATABASE_LOCKED", "DATABASE_UNAVAILABLE"].includes(code ?? "") || UNAVAILABLE_SQLSTATES.has(code ?? "");
}
