import { defineConfig } from "prisma/config";

// Migrations are authored and applied by scripts/db and lib/db/migrate.ts (the native schema
// engine cannot be downloaded here); this file only tells `prisma generate` where the schema is.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
