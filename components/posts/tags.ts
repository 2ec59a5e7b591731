/** "ui, Billing ,, ui" → ["ui", "Billing", "ui"]: the server lower-cases, checks and de-duplicates. */
export function parseTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}
