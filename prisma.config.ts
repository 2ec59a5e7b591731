import { defineConfig } from "prisma/config";

// The CLI is used for `generate` only; migrations run through scripts/db-migrate.ts so they work
// offline on PostgreSQL and embedded PGlite alike (see docs/self-hosting.md, "Migrations").
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
