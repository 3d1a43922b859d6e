import { defineConfig } from '@playwright/test';

/** End-to-end tests: the built renderer in Debian's Chromium, served by the real browser host. */
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 760 },
    launchOptions: {
      executablePath: process.env.SIEVE_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
});
