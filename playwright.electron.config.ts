import { defineConfig } from '@playwright/test';

/** The Electron smoke test: needs the Electron binary (`npx install-electron` where GitHub is reachable). */
export default defineConfig({
  testDir: 'test/electron',
  outputDir: 'test-results/electron',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
});
