import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';

// Prisma's native schema engine cannot be downloaded on our machines, so the CLI runs its
// JS engine through the pg driver adapter (see ../shared/ENVIRONMENT.md and docs/architecture.md).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  experimental: { adapter: true },
  engine: 'js',
  // allowExitOnIdle: the CLI exits as soon as it is done instead of waiting for idle connections to time out.
  adapter: async () => new PrismaPg({ connectionString: requireDatabaseUrl(), allowExitOnIdle: true }),
});

function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (scripts/start.sh and scripts/test.sh set it)');
  return url;
}
