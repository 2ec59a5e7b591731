/** Only same-site paths are followed after sign-in; anything else goes to the workspace list. */
export function safeCallbackUrl(value: string | null | undefined, fallback = "/workspaces"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
