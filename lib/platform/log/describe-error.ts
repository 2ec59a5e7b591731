/** One line naming an error (its class and the first line of its message), for log lines and keys. */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : String(error);
}
