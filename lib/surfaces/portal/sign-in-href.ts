/** Where a portal's "Sign in" leads: the workspace's own app when it signs its visitors in (SSO), else this app's sign-in and back. */
export function portalSignInHref(slug: string, ssoEnabled: boolean, returnTo: string): string {
  return ssoEnabled ? `/p/${slug}/sso/start?from=${encodeURIComponent(returnTo)}` : `/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`;
}
