import { defineConfig } from 'prisma/config';

// For the stock CLI (`prisma migrate deploy|status`, `prisma studio`) with DATABASE_URL=…?schema=projects.
// `generate` needs no URL, so a missing one must not fail loading this file.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL },
});
