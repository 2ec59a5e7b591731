import createNextIntlPlugin from "next-intl/plugin";
import { portalCacheHeaders } from "./lib/platform/cache/portal-cache-headers.mjs";

// The portal's translations (messages/<locale>.json) through next-intl, without its routing
// middleware: the portal's address carries the language and proxy.ts reads it.
const withNextIntl = createNextIntlPlugin("./lib/platform/i18n/request.ts");

// Nothing the app builds or serves reports to anyone outside: Next's anonymous telemetry stays off
// unless the operator sets NEXT_TELEMETRY_DISABLED to an empty value themselves.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The portal's pages seen signed out may be kept by a shared cache in front, signed in never.
  // (The security headers every answer carries are set by the production server, server.ts.)
  async headers() {
    return portalCacheHeaders();
  },
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite loads its WASM and data files relative to its own module, and the Prisma adapter must
  // share the app's copy of PGlite for its error mapping: both stay as plain Node requires.
  // pino stays a plain require too: bundled, its worker-thread transports lose their files. The job
  // queue (pg-boss) is loaded as is, like the pg driver under it.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "pino", "pg-boss"],
  // `next dev` otherwise prints every server action's arguments: sign-up passwords included.
  logging: { serverFunctions: false },
  // `npm test` runs `tsc --noEmit` over the whole repository (tests and scripts included); the
  // build does not repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default withNextIntl(nextConfig);
