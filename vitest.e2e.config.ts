import { defineConfig } from 'vitest/config';

// End-to-end tests drive the built extension in the system Chromium; one file at a time
// because each launches a browser and the machine has two cores.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    globalSetup: ['./tests/e2e/global-setup.ts'],
  },
});
