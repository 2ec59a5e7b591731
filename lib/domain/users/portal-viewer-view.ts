/** What GET /p/{workspace}/viewer answers: who is looking at a portal page, and their votes on it. */
export interface PortalViewerAnswer {
  visitor: PortalViewerIdentity | null;
  /** Which of the posts asked about the visitor has upvoted. */
  voted: string[];
}

export interface PortalViewerIdentity {
  /** Their name, else their address; shown to them alone. */
  name: string;
  /** An SSO visitor's picture, as their identity provider gave it. */
  avatarUrl: string | null;
  /** Signed in through the workspace's own SSO (signs out through the portal, not the app). */
  sso: boolean;
  /** A member of the workspace: the portal offers the way back to the dashboard. */
  member: boolean;
}
