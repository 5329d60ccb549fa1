import { defineConfig } from 'vitest/config';

// End-to-end tests drive the built extension in the system Chromium: the Chromium suites
// (tests/e2e) and the suites written once for both browsers (tests/e2e-both); one file at a
// time because each launches a browser and the machine has two cores.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts', 'tests/e2e-both/**/*.e2e.ts'],
    env: { GLOSSA_E2E_BROWSER: 'chromium' },
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    globalSetup: ['./tests/e2e-lib/global-setup-chromium.ts'],
  },
});
