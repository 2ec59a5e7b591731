/** An address from the query string to prefill a form with: only a plausible address, never markup. */
export function prefillEmail(value: unknown): string {
  return typeof value === "string" && value.length <= 254 && /^[^\s<>"]+@[^\s<>"]+$/.test(value) ? value : "";
}
