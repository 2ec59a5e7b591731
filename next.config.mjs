import { portalCacheHeaders } from "./lib/public/portal-cache-headers.mjs";

// The API's security headers (pages get theirs, with a CSP nonce, from proxy.ts): the same values
// as lib/security/headers.ts baseSecurityHeaders, which cannot be imported from here.
const apiSecurityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()" },
  ...(process.env.NODE_ENV === "production" ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The API's security headers; and the portal's pages seen signed out may be kept by a shared
  // cache in front, signed in never.
  async headers() {
    return [{ source: "/api/:path*", headers: apiSecurityHeaders }, ...portalCacheHeaders()];
  },
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite loads its WASM and data files relative to its own module, and the Prisma adapter must
  // share the app's copy of PGlite for its error mapping: both stay as plain Node requires.
  // pino stays a plain require too: bundled, its worker-thread transports lose their files.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "pino"],
  // `next dev` otherwise prints every server action's arguments: sign-up passwords included.
  logging: { serverFunctions: false },
  // `npm test` runs `tsc --noEmit` over the whole repository (tests and scripts included); the
  // build does not repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
