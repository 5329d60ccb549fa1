import { defineConfig } from 'vitest/config';

// End-to-end tests in the system Firefox (firefox-esr) with the add-on installed over WebDriver
// BiDi: the Firefox suites (tests/e2e-firefox) and the suites written once for both browsers
// (tests/e2e-both); one file at a time because each launches a browser and the machine has two
// cores. No retries: a test that fails once fails the run.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e-firefox/**/*.e2e.ts', 'tests/e2e-both/**/*.e2e.ts'],
    env: { GLOSSA_E2E_BROWSER: 'firefox' },
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    globalSetup: ['./tests/e2e-lib/global-setup-firefox.ts'],
  },
});
