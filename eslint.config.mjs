import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Layering, enforced: dependencies point one way (app, components, inngest, scripts → lib).
// lib/ is the domain and never reaches back up; the browser's components never touch the database.
const upward = (from) => ({
  group: ['@/app/*', '@/components/*', '@/inngest/*', '../**/app/*', '../**/components/*', '../**/inngest/*'],
  message: `${from} must not import from app/, components/ or inngest/ (dependencies point into lib/).`,
});

// PostgreSQL, one way each (docs/architecture.md, "Database and migrations"): connections are opened
// in lib/database/ only (pools sized by the configuration, counted in the connection budget); the
// one Prisma client is lib/db.ts; the model API by default, named prepared statements on the hot path
// a benchmark measured (lib/conversions/, lib/identity/), raw SQL only in the files listed here, each
// for a statement the model API cannot say (the reasons are in docs/architecture.md).
const OPENS_CONNECTIONS =
  'Connections to PostgreSQL are opened in lib/database/ (sized by the configuration, counted in the connection budget): use pgPool, listen or sessionClient.';
const connectionImports = [
  { name: 'pg', importNames: ['Pool', 'Client', 'default'], allowTypeImports: true, message: OPENS_CONNECTIONS },
  { name: 'pg-boss', importNames: ['PgBoss', 'default'], allowTypeImports: true, message: OPENS_CONNECTIONS },
  { name: '@prisma/adapter-pg', message: 'The one Prisma client is lib/db.ts.' },
];
const preparedImport = {
  name: '@/lib/prepared-sql',
  message:
    "Named prepared statements are for the hot path a benchmark measured (lib/conversions/, lib/identity/, the queue's statements in lib/jobs/prepared-queue-sql.ts, a run's lease in lib/jobs/run-leases.ts); elsewhere use the model API.",
};
const RAW_SQL_FILES = [
  'lib/accounts/email-tokens.ts',
  'lib/admin/accounts.ts',
  'lib/accounts/sessions.ts',
  'lib/cloud/cloud-imports.ts',
  'lib/limits/daily-allowance.ts',
  'lib/shares/download-shared-file.ts',
  'lib/shares/password-throttle.ts',
  'lib/stats/public-stats.ts',
  'lib/system/check-health.ts',
  'lib/teams/team-rules.ts',
  'lib/uploads/finish-upload.ts',
  'lib/uploads/parts/put.ts',
  'lib/webhooks/webhook-outbox.ts',
];
const restricted = {
  errorInstanceof: {
    selector:
      "BinaryExpression[operator='instanceof'][right.name=/^(AppError|EngineError|OutboundError|ResponseContractError|AdminError|DeliveryAttemptFailed)$/]",
    message: 'Tell our own errors by their brand (isAppError, errorBrand in lib/errors.ts), not instanceof.',
  },
  databaseUrl: {
    selector:
      "MemberExpression[object.object.name='process'][object.property.name='env'][property.name='DATABASE_URL']",
    message:
      'DATABASE_URL is read in lib/database/url.ts only (databaseUrl()); connections are opened in lib/database/.',
  },
  databaseUrlSetting: {
    selector:
      ":matches(MemberExpression[object.name='config'][property.name='databaseUrl'], CallExpression[callee.name='settingOrDefault'][arguments.0.value='DATABASE_URL'])",
    message:
      'DATABASE_URL is read in lib/database/url.ts only (databaseUrl()); connections are opened in lib/database/.',
  },
  settingCall: {
    selector: "CallExpression[callee.name='setting']",
    message: 'Read the configuration one way: config.<name> from @/lib/config (S3_BUCKET is config.s3Bucket).',
  },
  prismaClient: {
    selector: "NewExpression[callee.name='PrismaClient']",
    message: 'The one Prisma client is lib/db.ts.',
  },
  unsafeRawSql: {
    selector: 'MemberExpression[property.name=/^\\$(queryRaw|executeRaw)Unsafe$/]',
    message: 'SQL is written with Prisma.sql (values as parameters), never pasted together.',
  },
  rawSql: {
    selector: 'MemberExpression[property.name=/^\\$(queryRaw|executeRaw)$/]',
    message:
      'The model API by default; raw SQL only where it cannot say the statement, in the module of its domain (RAW_SQL_FILES in eslint.config.mjs, with the reason in docs/architecture.md).',
  },
};
/** no-restricted-syntax with every restriction but the `allowed` ones. */
const syntaxRule = (...allowed) => [
  'error',
  ...Object.entries(restricted)
    .filter(([name]) => !allowed.includes(name))
    .map(([, rule]) => rule),
];
/** no-restricted-imports for lib/ (nothing upward) with the database imports but the `allowed` ones. */
const libImports = (...allowed) => [
  'error',
  {
    patterns: [upward('lib/')],
    paths: [...connectionImports, preparedImport].filter((p) => !allowed.includes(p.name)),
  },
];
const SOURCE_FILES = ['{app,lib,inngest,scripts}/**/*.{ts,tsx}', 'instrumentation.ts', 'proxy.ts'];

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
    rules: { 'no-restricted-imports': libImports() },
  },
  {
    files: [
      'lib/conversions/**/*.ts',
      'lib/identity/**/*.ts',
      'lib/jobs/prepared-queue-sql.ts',
      'lib/jobs/run-leases.ts',
    ],
    ignores: ['lib/**/*.test.ts'],
    rules: { 'no-restricted-imports': libImports('@/lib/prepared-sql') },
  },
  {
    files: ['lib/db.ts'],
    rules: { 'no-restricted-imports': libImports('@prisma/adapter-pg') },
  },
  {
    files: ['lib/database/**/*.ts'],
    ignores: ['lib/**/*.test.ts'],
    rules: { 'no-restricted-imports': libImports('pg', 'pg-boss') },
  },
  {
    files: ['{app,inngest,scripts}/**/*.{ts,tsx}', 'instrumentation.ts', 'proxy.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [...connectionImports, preparedImport] }] },
  },
  {
    // A process can hold two copies of a class (the web server's bundle and Next's build each
    // bundle lib/): our own errors are told apart by their brand, never by instanceof.
    files: SOURCE_FILES,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': syntaxRule() },
  },
  { files: ['lib/database/url.ts'], rules: { 'no-restricted-syntax': syntaxRule('databaseUrlSetting') } },
  { files: ['lib/db.ts'], rules: { 'no-restricted-syntax': syntaxRule('prismaClient') } },
  // The configuration's own module reads each variable through its schema; everyone else reads config.
  { files: ['lib/config/**/*.ts'], rules: { 'no-restricted-syntax': syntaxRule('settingCall') } },
  // The tools' fallback to the database scripts/start.sh recorded (scripts/database-url.ts).
  {
    files: ['scripts/database-url.ts'],
    rules: { 'no-restricted-syntax': syntaxRule('databaseUrl') },
  },
  { files: RAW_SQL_FILES, rules: { 'no-restricted-syntax': syntaxRule('rawSql') } },
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
