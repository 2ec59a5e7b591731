// Whether the browser holds a portal session, said before the page's first paint. The page is the
// same for every visitor and learns who is looking only when its viewer ask answers; until then a
// visitor who is signed in would see "Sign in" links that vanish a moment later. The session
// cookies are HttpOnly, so the page's first script cannot see them; this cookie, readable by
// scripts and secret to nobody, says only "a session cookie came with the last portal request".
// The production server's front door sets it on a portal answer whose request carried a session
// cookie and clears it on one whose request did not (only when it is not already so), which covers
// every way in and out: the sign-in form, SSO, signing out, a session ending. Set-Cookie is applied
// as the answer's headers arrive, so the page's first script already reads this visit's value.
// It decides nothing but which placeholder shows while the page asks: the answer itself comes
// from the session (lib/surfaces/auth/portal-viewer.ts).

export const VIEWER_HINT_COOKIE = "portal-signed-in";
/** Set on <html> by VIEWER_HINT_SCRIPT when the hint cookie is present (globals.css reads it). */
export const VIEWER_HINT_ATTRIBUTE = "data-viewer-hint";

/** The portal layout's first script, run by the parser before anything below it is painted. */
export const VIEWER_HINT_SCRIPT = `document.cookie.split("; ").indexOf("${VIEWER_HINT_COOKIE}=1")>=0&&document.documentElement.setAttribute("${VIEWER_HINT_ATTRIBUTE}","in")`;

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

function hintOf(cookieHeader: string): boolean {
  for (const part of cookieHeader.split(";")) if (part.trim() === `${VIEWER_HINT_COOKIE}=1`) return true;
  return false;
}

/** The Set-Cookie that brings the hint in line with whether this request carried a session cookie, or null when it already is. */
export function viewerHintCookie(cookieHeader: string, signedIn: boolean, https: boolean): string | null {
  if (signedIn === hintOf(cookieHeader)) return null;
  const attributes = `Path=/p; SameSite=Lax${https ? "; Secure" : ""}`;
  return signedIn ? `${VIEWER_HINT_COOKIE}=1; Max-Age=${ONE_YEAR_SECONDS}; ${attributes}` : `${VIEWER_HINT_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** Whether a Set-Cookie value is the hint's own (it never stops a page from being shared). */
export function isViewerHintCookie(setCookie: string): boolean {
  return setCookie.startsWith(`${VIEWER_HINT_COOKIE}=`);
}

/** In the browser: drops the hint (the viewer ask found nobody signed in). */
export function forgetViewerHint(): void {
  if (document.cookie.split("; ").includes(`${VIEWER_HINT_COOKIE}=1`)) document.cookie = `${VIEWER_HINT_COOKIE}=; Max-Age=0; Path=/p; SameSite=Lax`;
}
