import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(__dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'inngest/**/*.test.ts', 'components/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: [
            'lib/**/*.integration.test.ts',
            'inngest/**/*.integration.test.ts',
            'tests/**/*.integration.test.ts',
            'clients/**/*.integration.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/assert-local-database.ts', 'tests/support/conversion-subscribers.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Engines are CPU-bound and the machine has 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
