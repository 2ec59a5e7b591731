import { portalCacheHeaders } from "./lib/public/portal-cache-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite loads its WASM and data files relative to its own module, and the Prisma adapter must
  // share the app's copy of PGlite for its error mapping: both stay as plain Node requires.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2"],
  // `npm test` runs `tsc --noEmit` over the whole repository (tests and scripts included); the
  // build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // The portal's pages seen signed out may be kept by a shared cache in front; signed in, never.
  headers: async () => portalCacheHeaders(),
};

export default nextConfig;
