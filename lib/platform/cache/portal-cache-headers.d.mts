export declare const SSO_SESSION_COOKIE: string;
export declare const SESSION_COOKIES: string[];
export declare const PORTAL_CACHE_CONTROL: { status: string; page: string; signedIn: string };
export interface PortalHeaderRule {
  source: string;
  has?: { type: "cookie"; key: string }[];
  headers: { key: string; value: string }[];
}
export declare function portalCacheHeaders(): PortalHeaderRule[];
