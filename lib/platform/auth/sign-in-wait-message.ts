// The account page's current-password field (the sign-in form says the same from its message
// file, in the visitor's language). Waits start at one second, so they are told in seconds until
// they are long enough for minutes.
export function signInWaitMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 120 ? `${seconds} ${seconds === 1 ? "second" : "seconds"}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many attempts from this network. Try again in ${wait}.`;
}
