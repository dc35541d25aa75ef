import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

const debianChromium = '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 3107);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  retries: 0,
  // Two browsers at once: a test spends most of its time waiting on the page and the worker, so two share two cores.
  workers: 2,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: existsSync(debianChromium) ? debianChromium : undefined,
      args: ['--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `node_modules/.bin/next start -H 127.0.0.1 -p ${port}`,
    env: { NEXT_TELEMETRY_DISABLED: '1' },
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
