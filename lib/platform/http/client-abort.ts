/**
 * Whether `error` is Node's http server failing a request's body because the client closed the
 * connection before sending all of it. It carries ECONNRESET, the code a dropped database
 * connection carries too: without this test a client that hangs up mid-upload reads as an outage.
 */
export function isClientAbort(error: unknown): boolean {
  return error instanceof Error && error.message === "aborted" && (error as { code?: unknown }).code === "ECONNRESET";
}
