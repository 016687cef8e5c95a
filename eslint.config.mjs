import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Layering, enforced: dependencies point one way (app, components, inngest, scripts → lib).
// lib/ is the domain and never reaches back up; the browser's components never touch the database.
const upward = (from) => ({
  group: ['@/app/*', '@/components/*', '@/inngest/*', '../**/app/*', '../**/components/*', '../**/inngest/*'],
  message: `${from} must not import from app/, components/ or inngest/ (dependencies point into lib/).`,
});

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'dist/**',
      'lib/generated/**',
      'clients/*/dist/**',
      'clients/typescript/src/schema.ts',
      '.data/**',
      '.tools/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    ignores: ['lib/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [upward('lib/')] }] },
  },
  {
    // A process can hold two copies of a class (the web server's bundle and Next's build each
    // bundle lib/): our own errors are told apart by their brand, never by instanceof.
    files: ['{app,lib,inngest,scripts}/**/*.{ts,tsx}', 'instrumentation.ts', 'proxy.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "BinaryExpression[operator='instanceof'][right.name=/^(AppError|EngineError|OutboundError|ResponseContractError|AdminError|DeliveryAttemptFailed)$/]",
          message: 'Tell our own errors by their brand (isAppError, errorBrand in lib/errors.ts), not instanceof.',
        },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/db',
              message: 'components/ never reads the database: put the query in lib/ behind server-only.',
            },
            { name: 'pg', message: 'components/ never reads the database.' },
          ],
          patterns: [
            {
              group: ['@/lib/generated/*'],
              allowTypeImports: true,
              message: 'components/ never uses the Prisma client: import types only.',
            },
            { group: ['@/app/*', '@/inngest/*'], message: 'components/ must not import from app/ or inngest/.' },
          ],
        },
      ],
    },
  },
];
export default config;
