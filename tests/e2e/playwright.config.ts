import { defineConfig } from '@playwright/test';

// Debian's Chromium (never a downloaded browser), against the real `artel` binary started by global-setup.ts.
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  globalSetup: require.resolve('./global-setup.ts'),
  outputDir: './artifacts/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // Every spec on a desktop; the key flows (tests tagged @phone: registration and login, posting an order,
  // finding it and bidding) once more on a 390×844 phone. phones.spec.ts sets its own sizes.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 } },
      testMatch: /(account|orders)\.spec\.ts$/,
      grep: /@phone/,
    },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
