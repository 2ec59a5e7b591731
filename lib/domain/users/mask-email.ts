/**
 * An address shown to someone who may not own it: the first character of the local part, then
 * dots, then the domain (`j•••@example.com`). Enough for the owner to recognise it, not enough for
 * anyone else to learn it. The dots are a fixed count, so the length is not told either.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  const first = Array.from(email.slice(0, at))[0]!;
  return `${first}•••${email.slice(at)}`;
}
