/** The first message of a refusal, for a toast or a dialog. */
export function firstError(fieldErrors: Record<string, string>, fallback: string): string {
  return Object.values(fieldErrors)[0] ?? fallback;
}
