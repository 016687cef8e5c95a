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
  {
    // The pages call the API one way: the typed client, so a renamed path or field breaks the build.
    files: ['components/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    ignores: ['app/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'Call the API through the typed client: `api` or `transmute` from @/components/api/browser-client.',
        },
      ],
    },
  },
];
export default config;
